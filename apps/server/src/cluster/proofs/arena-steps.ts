import type { ArenaRow, ArenaStandings, GameSnapshot } from '@scorpion/protocol';
import { type Card, type Move, newGame, type Options, type VariantId } from '@scorpion/rules';
import { solve } from '@scorpion/solver';
import { expect } from 'vitest';
import type { TestClient } from '../../test/client.ts';
import type { RealCluster } from '../../test/real-cluster.ts';

/* The steps of the arena's cluster proof (`arena-across.test.ts`): sockets on a chosen process, deals played from the store's cards. */

/** How long a frame may take on a loaded machine with a process restarting: never the point of a test. */
export const PATIENT_MS = 30_000;
/**
 * Between two moves' sends, at least: a socket may send 20 frames a second (a burst of 40), and a
 * winning line of 100 moves sent as fast as acks come is refused `rate-limited` past that, as a
 * script's would be. Under 17 a second is still far faster than a person plays.
 */
const MOVE_EVERY_MS = 60;

/** A socket of `cookie` forced onto `node` (`?node=`), or wherever HAProxy puts it; with the node that answered. */
export async function socketOn(cluster: RealCluster, cookie: string, node?: string) {
  const socket = cluster.socket(node ? `node=${node}` : '', cookie);
  await socket.client.next('welcome', () => true, PATIENT_MS);
  return { client: socket.client, node: await socket.node };
}

/**
 * Back after the process under the socket was killed: as the browser does, a new socket to
 * wherever HAProxy sends it, again after a backoff while none answers.
 */
export async function reconnect(cluster: RealCluster, cookie: string) {
  for (const wait of [0, 100, 250, 500, 1000, 1000, 2000, 2000, 4000, 4000, 8000]) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    const { client, node } = cluster.socket('', cookie);
    const outcome = await Promise.race([
      client.next('welcome', () => true, PATIENT_MS).then(() => 'welcome' as const),
      client.closed,
    ]);
    if (outcome === 'welcome') return { client, node: await node };
  }
  throw new Error('no process answered a new socket');
}

/**
 * The winning line of an arena deal, from its cards as stored (what an operator can read; no
 * frame carries them), by the solver with a node limit (so the same line every run). The
 * server dealt it proven winnable (CERTIFY=solver), so a line is there to find.
 */
const lines = new Map<string, readonly Move[]>();
export async function winningLine(cluster: RealCluster, gameId: string): Promise<readonly Move[]> {
  const [row] = await cluster.sql<{ variant: VariantId; options: Options; deck: Card[] }>(
    'SELECT variant, options, deck FROM games WHERE id = $1',
    [gameId],
  );
  if (!row) throw new Error(`no game ${gameId} stored`);
  const key = JSON.stringify(row.deck);
  let line = lines.get(key);
  if (!line) {
    const verdict = solve(newGame(row.variant, row.options, row.deck), { nodes: 5_000_000, ms: 600_000 });
    if (verdict.result !== 'win') throw new Error(`deal of ${gameId}: the solver found no win (${verdict.result})`);
    line = verdict.line;
    lines.set(key, line);
  }
  return line;
}

/** Asks for deal `deal` and waits for its game, in play. */
export async function dealt(client: TestClient, arenaId: string, deal: number): Promise<GameSnapshot> {
  client.send({ type: 'arena-next', arenaId, deal, berserk: false, rid: `n${deal}` });
  const frame = await client.next('game', (f) => f.game.kind === 'arena' && f.game.status === 'playing', PATIENT_MS);
  return frame.game;
}

/** What a player was told is stored: each game's acknowledged moves, in order. */
export type Acked = Map<string, Move[]>;

/** Where a game stands after the moves a player was told are stored. */
export interface Played {
  readonly gameId: string;
  readonly seq: number;
  readonly status: string;
}

/**
 * Plays `moves` from `game`, each sent once its previous one is acknowledged, and writes them
 * down as acked. Each ack is awaited patiently (`PATIENT_MS`, not the test client's 5 s): on a
 * machine shared with other suites a process may answer late, which is not what this proves.
 */
export async function playMoves(
  client: TestClient,
  game: Pick<Played, 'gameId' | 'seq'>,
  moves: readonly Move[],
  acked: Acked,
): Promise<Played> {
  let played: Played = { gameId: game.gameId, seq: game.seq, status: 'playing' };
  for (const move of moves) {
    const sentAt = Date.now();
    client.send({ type: 'move', gameId: game.gameId, expect: played.seq, move });
    const reply = await client.nextMatching(
      // An error that names no game (a rate limit) answers it too: failing at once beats waiting.
      (f) =>
        (f.type === 'ack' && f.gameId === game.gameId) ||
        (f.type === 'error' && (f.gameId ?? game.gameId) === game.gameId),
      'ack or error',
      PATIENT_MS,
    );
    if (reply.type !== 'ack') throw new Error(`move ${JSON.stringify(move)} refused: ${JSON.stringify(reply)}`);
    played = { gameId: game.gameId, seq: reply.seq, status: reply.update.status };
    acked.set(game.gameId, [...(acked.get(game.gameId) ?? []), move]);
    await new Promise((resolve) => setTimeout(resolve, MOVE_EVERY_MS - (Date.now() - sentAt)));
  }
  return played;
}

/** Deals deal `deal` and wins it: the whole line, acknowledged. */
export async function winDeal(
  cluster: RealCluster,
  client: TestClient,
  arenaId: string,
  deal: number,
  acked: Acked,
): Promise<Played> {
  const game = await dealt(client, arenaId, deal);
  const won = await playMoves(client, game, await winningLine(cluster, game.gameId), acked);
  expect(won.status).toBe('won');
  return won;
}

/** Deals deal `deal` and gives it up at once. */
export async function giveUpDeal(client: TestClient, arenaId: string, deal: number): Promise<void> {
  const game = await dealt(client, arenaId, deal);
  client.send({ type: 'give-up', gameId: game.gameId });
  await client.next('game', (f) => f.game.gameId === game.gameId && f.game.status === 'gave-up', PATIENT_MS);
}

/** A player's row in a standings frame (the top or their own). */
export const rowOf = (frame: ArenaStandings, playerId: string): ArenaRow | undefined =>
  [...frame.top, ...(frame.me ? [frame.me] : [])].find((r) => r.player.id === playerId);

/** The next standings frame on `client` in which each named player's sheet of points is as given. */
export function standingsWith(client: TestClient, sheets: Record<string, readonly number[]>) {
  return client.next(
    'arena-standings',
    (f) =>
      Object.entries(sheets).every(([id, points]) => JSON.stringify(rowOf(f, id)?.points) === JSON.stringify(points)),
    PATIENT_MS,
  );
}

/** The arena's whole table over REST, from any process. */
export async function tableOf(cluster: RealCluster, arenaId: string) {
  const response = await fetch(`${cluster.url}/api/arenas/${arenaId}/table?page=1&pageSize=100`);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    players: number;
    rows: { player: { id: string }; score: number; points: number[]; wins: number; fire: boolean }[];
  };
}
