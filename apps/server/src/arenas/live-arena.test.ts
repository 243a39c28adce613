import { ServerMessage } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ArenaResultRow } from '../repo/types.ts';
import { scheduledRowOf } from './arena-row.ts';
import { LiveArena } from './live-arena.ts';

const ROW = scheduledRowOf('h-2026-12-06T13')!;
let clock = ROW.startsAt + 60_000;
let sent: [string, ServerMessage][];
let arena: LiveArena;

const game = (playerId: string, deal: number, status: ArenaResultRow['status']): ArenaResultRow => ({
  id: `${playerId}-${deal}`,
  playerId,
  arenaDeal: deal,
  status,
  berserk: false,
  startedAt: clock,
  pausedMs: 0,
  finishedAt: status === 'playing' ? null : clock,
  timeMs: status === 'playing' ? null : 1000,
  closesAt: clock + 300_000,
});

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  arena = new LiveArena(ROW, {
    now: () => clock,
    send: (playerId, message) => sent.push([playerId, message]),
    sendFrame: (playerId, frame) => sent.push([playerId, ServerMessage.parse(JSON.parse(frame))]),
    connected: (playerId) => playerId !== 'gone',
  });
  arena.load(
    ['ann', 'ben', 'gone'].map((playerId) => ({ playerId, name: playerId })),
    [],
  );
  for (const id of ['ann', 'ben', 'gone']) arena.subscribe(id);
  vi.runAllTimers();
  sent.length = 0;
});
afterEach(() => {
  arena.stop();
  vi.useRealTimers();
});

/** Moves the server's clock and the timers together. */
function pass(ms: number) {
  clock += ms;
  vi.advanceTimersByTime(ms);
}

test('standings go out at most once a second per player, only after a change, and never to a socket gone', () => {
  pass(2000);
  arena.record(game('ann', 1, 'playing'));
  vi.advanceTimersByTime(0);
  expect(sent.map(([id]) => id)).toStrictEqual(['ann', 'ben']);
  // Three changes within the second go out together at its end.
  arena.record(game('ann', 1, 'won'));
  arena.record(game('ben', 1, 'playing'));
  arena.record(game('ben', 1, 'gave-up'));
  pass(999);
  expect(sent.length).toBe(2);
  pass(1);
  expect(sent.length).toBe(4);
  const last = sent.at(-1)![1];
  expect(last).toMatchObject({ type: 'arena-standings', me: { player: { id: 'ben' }, points: [0] } });
  expect(last.type === 'arena-standings' && last.top.map((r) => [r.player.id, r.score])).toStrictEqual([
    ['ann', 2],
    ['ben', 0],
    ['gone', 0],
  ]);
  // No change, no push; a result recorded again is no change.
  arena.record(game('ann', 1, 'won'));
  pass(5000);
  expect(sent.length).toBe(4);
  // A player who left (`arena-leave`) hears no more; the others do.
  arena.unsubscribe('ben');
  arena.record(game('ann', 2, 'playing'));
  pass(0);
  expect(sent.slice(4).map(([id]) => id)).toStrictEqual(['ann']);
});

test('a table answered to a join counts as a push: no player gets two tables within a second', () => {
  const at = new Map<string, number[]>();
  const record = () => {
    for (const [id, message] of sent.splice(0)) {
      if (message.type === 'arena-standings') at.set(id, [...(at.get(id) ?? []), clock]);
    }
  };
  const start = clock;
  pass(2000);
  // Ann's page joins again (a reload) half a second after a push to everyone.
  arena.record(game('ben', 1, 'playing'));
  pass(0);
  record();
  pass(500);
  at.set('ann', [...(at.get('ann') ?? []), clock]);
  arena.answer('ann');
  // A change 100 ms later: the next push, a second after the last, is Ben's alone; Ann, answered
  // 500 ms before it, gets that table a second later with the push that follows.
  pass(100);
  arena.record(game('ben', 1, 'won'));
  for (let i = 0; i < 30; i++) {
    pass(100);
    record();
  }
  expect(at.get('ben')!.map((t) => t - start)).toStrictEqual([2000, 3000]);
  expect(at.get('ann')!.map((t) => t - start)).toStrictEqual([2000, 2500, 4000]);
  const last = sent.length;
  // Nothing more changed: nobody is sent the same table again.
  pass(5000);
  expect(sent.length).toBe(last);
});
