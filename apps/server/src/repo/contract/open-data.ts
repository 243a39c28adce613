import { expect, test } from 'vitest';
import { type FreshRepos, gameRow, player } from './fixtures.ts';

const end = (finishedAt: number) =>
  ({ status: 'gave-up', finishedAt, timeMs: 10, seq: 0, moves: 0, undos: 0, progress: 0, faceDown: 0 }) as const;

/** What the open-data export reads: the players' choice to be left unnamed, and a month's finished games. */
export function openDataContract(fresh: FreshRepos): void {
  test('a player hides their nickname from the export, and shows it again', async () => {
    const repos = await fresh();
    await player(repos, 'a');
    await player(repos, 'b');
    const listed = async () => (await repos.players.listing(['a', 'b', 'z'])).sort((x, y) => x.id.localeCompare(y.id));
    expect(await listed()).toStrictEqual([
      { id: 'a', nickname: 'N a', hidden: false },
      { id: 'b', nickname: 'N b', hidden: false },
    ]);
    await repos.players.setHidden('b', true);
    expect(await listed()).toStrictEqual([
      { id: 'a', nickname: 'N a', hidden: false },
      { id: 'b', nickname: 'N b', hidden: true },
    ]);
    await repos.players.setHidden('b', false);
    expect((await listed())[1]).toStrictEqual({ id: 'b', nickname: 'N b', hidden: false });
    expect(await repos.players.listing([])).toStrictEqual([]);
  });

  test('finished games between two times, page by page in (finishedAt, id) order', async () => {
    const repos = await fresh();
    const at = [500, 1_000, 1_000, 1_000, 2_000, 3_000];
    const rows = at.map(() => gameRow('a'));
    for (const row of rows) await repos.games.create(row);
    await repos.games.create(gameRow('a'));
    for (const [i, row] of rows.entries()) await repos.games.finish(row.id, end(at[i]!));
    // [1000, 3000): the three at 1000 (ties in the store's id order, each once) and the one at 2000.
    const seen: { id: string; finishedAt: number | null }[] = [];
    let after: { finishedAt: number; id: string } | undefined;
    for (;;) {
      const page = await repos.games.finishedBetween(1_000, 3_000, after, 2);
      if (page.length === 0) break;
      seen.push(...page.map((g) => ({ id: g.id, finishedAt: g.finishedAt })));
      const last = page.at(-1)!;
      after = { finishedAt: last.finishedAt!, id: last.id };
    }
    expect(seen.map((g) => g.finishedAt)).toStrictEqual([1_000, 1_000, 1_000, 2_000]);
    expect(new Set(seen.map((g) => g.id))).toStrictEqual(new Set(rows.slice(1, 5).map((r) => r.id)));
    const whole = await repos.games.finishedBetween(1_000, 3_000, undefined, 10);
    expect(whole.map((g) => g.id)).toStrictEqual(seen.map((g) => g.id));
    expect(whole[0]).toMatchObject({ status: 'gave-up', playerId: 'a', deck: rows[1]!.deck });
  });
}
