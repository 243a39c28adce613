import { REPORT_REASONS, type ServerMessage } from '@scorpion/protocol';
import { afterEach, expect, test } from 'vitest';
import { type Bare, bare, playing } from '../test/plugins.ts';
import { UNTIMED } from '../test/room-spec.ts';
import { arenasPlugin } from './arenas.ts';
import { challengesPlugin } from './challenges.ts';
import { dailyPlugin } from './daily.ts';
import { moderationPlugin } from './moderation.ts';
import { queuePlugin } from './queue.ts';
import { racesPlugin } from './races.ts';
import { realtimePlugin } from './realtime.ts';
import { restorePlugin } from './restore.ts';

/*
 * Each service plugin on a bare app with the real plugins it declares (`test/plugins.ts`):
 * what it decorates works, and what it listens to reaches it.
 */

const NOON = Date.UTC(2026, 5, 1, 12);
let running: Bare | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function withPlay(): Promise<Bare> {
  running = await playing({ now: () => NOON });
  return running;
}

test('realtime: the sockets are the push when embedded, and presence reaches every listener', async () => {
  running = await bare();
  const { app } = running;
  await app.register(realtimePlugin);
  expect(app.push).toBe(app.connections);
  expect(app.deviceSockets).toBe(app.connections);
  expect(app.online()).toBe(0);
  const heard: string[] = [];
  app.presence.listen((id) => heard.push(`a ${id}`));
  app.presence.listen((id) => heard.push(`b ${id}`));
  app.presence.changed('p1');
  expect(heard).toStrictEqual(['a p1', 'b p1']);
});

test('moderation: no evidence without a pool; a report is taken, one of yourself refused', async () => {
  running = await bare({ now: () => NOON });
  const { app } = running;
  await app.register(moderationPlugin, {});
  expect(app.evidence).toBeUndefined();
  for (const id of ['ann', 'bo']) {
    await app.repos.players.create({ id, nickname: id, nicknameKey: id, tokenHash: `hash ${id}`, at: NOON });
  }
  const reason = REPORT_REASONS[0];
  expect(await app.moderation.report('ann', { playerId: 'bo', reason, source: 'profile' })).toMatchObject({ ok: true });
  expect(await app.moderation.report('ann', { playerId: 'ann', reason, source: 'profile' })).toMatchObject({
    ok: false,
    code: 'report-self',
  });
});

test('play: a practice game dealt, its seed withheld while it is played', async () => {
  const { app } = await withPlay();
  const deal = app.deals.fresh('scorpion');
  const options = { foundations: false, open: false };
  const game = await app.games.create({
    playerId: 'p1',
    kind: 'practice',
    variant: 'scorpion',
    options,
    seed: deal.seed,
    playerSeed: false,
    deck: deal.deck,
  });
  expect(await app.games.snapshot(game)).toMatchObject({ kind: 'practice', seq: 0, seed: null, record: null });
});

test('challenges: built on the games, stopped with the app', async () => {
  const { app } = await withPlay();
  await app.register(challengesPlugin);
  expect(app.challenges.running).toBe(0);
  expect(await app.challenges.info('NOSUCH', undefined)).toMatchObject({ ok: false, code: 'no-such-challenge' });
});

test('races: a room opened with its host, no leases outside a cluster', async () => {
  const { app } = await withPlay();
  await app.register(racesPlugin, {});
  expect(app.leases).toBeUndefined();
  await app.repos.players.create({
    id: 'rhea',
    nickname: 'Rhea',
    nicknameKey: 'rhea',
    tokenHash: 'hash rhea',
    at: NOON,
  });
  const room = await app.hub.create('rhea', UNTIMED);
  expect(room.members.map((m) => m.nickname)).toStrictEqual(['Rhea']);
});

test('daily: the day of the clock given', async () => {
  const { app } = await withPlay();
  await app.register(dailyPlugin);
  expect(app.daily.today()).toBe('2026-06-01');
  expect(await app.daily.closePastDays()).toBe(0);
});

test('queue: a join waits, and a player gone from every socket leaves the queue', async () => {
  const { app } = await withPlay();
  await app.register(challengesPlugin);
  await app.register(racesPlugin, {});
  await app.register(queuePlugin, { tickMs: 0 });
  const frames: ServerMessage[] = [];
  const socket = { readyState: 1, OPEN: 1, send: (text: string) => frames.push(JSON.parse(text)), close: () => {} };
  app.connections.add('q1', socket as never);
  const options = { foundations: false, open: false };
  const joined = await app.queue.join('q1', 'scorpion', options, { address: 'a', device: '' });
  expect(joined).toMatchObject({ ok: true, value: { type: 'queue', status: 'waiting', waiting: 1 } });
  expect((await app.queue.waiting()).map((e) => e.playerId)).toStrictEqual(['q1']);
  app.connections.remove('q1', socket as never);
  app.presence.changed('q1');
  await expect.poll(async () => (await app.queue.waiting()).length).toBe(0);
});

test('restore: at ready the downtime is credited and the heartbeat starts; it beats once more at close', async () => {
  const { app } = await withPlay();
  await app.register(racesPlugin, {});
  await app.register(arenasPlugin, { tickMs: 0 });
  await app.register(dailyPlugin);
  await app.register(restorePlugin, { heartbeatMs: 60_000 });
  expect(await app.repos.settings.get('heartbeat')).toBeUndefined();
  await app.ready();
  expect(await app.repos.settings.get('heartbeat')).toBe(String(NOON));
});
