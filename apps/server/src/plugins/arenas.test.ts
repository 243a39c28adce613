import { afterEach, expect, test } from 'vitest';
import { type Bare, playing } from '../test/plugins.ts';
import { arenasPlugin } from './arenas.ts';
import { racesPlugin } from './races.ts';

/*
 * The arenas plugin on a bare app with the real plugins it declares (`test/plugins.ts`): the
 * hourly arena of 12:00 on 2026-06-01 (12:00–12:20) joined and dealt over the service, read over
 * the pages, and ended by the clock's sweep (`tickMs: 0`: only when the test calls `tick()`),
 * its last table sent to the player's socket.
 */

const ARENA = 'h-2026-06-01T12';
const T0 = Date.parse('2026-06-01T12:02:00Z');
let at = T0;
let running: Bare | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function withArenas(): Promise<Bare> {
  at = T0;
  running = await playing({ now: () => at });
  const { app } = running;
  await app.register(racesPlugin, {});
  await app.register(arenasPlugin, { tickMs: 0 });
  await app.repos.players.create({ id: 'ari', nickname: 'Ari', nicknameKey: 'ari', tokenHash: 'hash ari', at });
  return running;
}

test('arenas: the schedule and an unknown arena read over the pages', async () => {
  const { app } = await withArenas();
  const { arenas, serverTime } = await app.arenaPages.list();
  expect(serverTime).toBe(at);
  expect(arenas.find((a) => a.id === ARENA)).toMatchObject({ status: 'running', players: 0 });
  expect(await app.arenaPages.page('h-nope')).toMatchObject({ ok: false, code: 'no-such-arena' });
  expect(await app.arenas.join('ari', 'h-nope')).toMatchObject({ ok: false, code: 'no-such-arena' });
});

test('arenas: joined and dealt on the clock given, its deal kept secret until the sweep ends it', async () => {
  const { app } = await withArenas();
  const frames: { type: string }[] = [];
  const socket = { readyState: 1, OPEN: 1, send: (text: string) => frames.push(JSON.parse(text)), close: () => {} };
  app.connections.add('ari', socket as never);

  const joined = await app.arenas.join('ari', ARENA);
  expect(joined).toMatchObject({ ok: true, value: [{ type: 'arena-standings', players: 1, me: { rank: 1 } }] });
  const dealt = await app.arenas.next('ari', ARENA, 1, false);
  expect(dealt).toMatchObject({ ok: true, value: { kind: 'arena', seed: null, arena: { arenaId: ARENA, deal: 1 } } });
  expect(await app.arenaPages.page(ARENA)).toMatchObject({
    ok: true,
    value: { arena: { status: 'running' }, deals: null },
  });
  expect(await app.arenaPages.table(ARENA, 1, 10)).toMatchObject({
    ok: true,
    value: { status: 'running', players: 1 },
  });

  at = Date.parse('2026-06-01T12:21:00Z');
  await app.arenas.tick();
  expect(frames.map((f) => f.type)).toContain('arena-over');
  const page = await app.arenaPages.page(ARENA);
  expect(page).toMatchObject({ ok: true, value: { arena: { status: 'finished' } } });
  expect(page.ok && page.value.deals?.map((d) => d.deal)).toStrictEqual([1]);
  expect(await app.arenas.join('ari', ARENA)).toMatchObject({ ok: false, code: 'arena-finished' });
});
