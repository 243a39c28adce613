import { expect, test } from 'vitest';
import { answer, isStandings, movesPerDeal, newPlayer, nextFrame, standingsArrived } from './arena-player.ts';

const ARENA = 'p-abcdefghijkl';
const MOVE = { kind: 'move', from: 1, row: 4, to: 5 } as const;
const script = (n: number) => ({
  actions: Array.from({ length: n }, () => MOVE),
  frames: Array.from({ length: n }, (_, seq) =>
    JSON.stringify({ type: 'move', gameId: 'g1', expect: seq, move: MOVE }),
  ),
});
const game = (gameId: string, status = 'playing', seq = 0) => ({
  type: 'game',
  game: { gameId, seq, status, kind: 'arena' },
});

test('a player asks for deal 1, plays its moves, gives the deal up, asks for deal 2: each answer timed once', () => {
  const p = newPlayer(0);
  expect(JSON.parse(nextFrame(p, ARENA, 0)!)).toEqual({
    type: 'arena-next',
    arenaId: ARENA,
    deal: 1,
    berserk: false,
    rid: 'n1',
  });
  // Nothing more is sent while the answer is awaited.
  expect(nextFrame(p, ARENA, 1)).toBeUndefined();
  expect(answer(p, game('g1'), 5)).toEqual({ kind: 'next', rttMs: 5, dealt: { deal: 1, gameId: 'g1' } });
  // Its cards are not read yet: it waits.
  expect(nextFrame(p, ARENA, 6)).toBeUndefined();
  p.script = script(100);
  for (let seq = 0; seq < movesPerDeal(0); seq++) {
    expect(JSON.parse(nextFrame(p, ARENA, 10)!)).toMatchObject({ type: 'move', expect: seq });
    expect(answer(p, { type: 'ack', gameId: 'g1', seq: seq + 1 }, 12)).toEqual({
      kind: 'move',
      rttMs: 2,
      acked: ['g1', seq, MOVE],
    });
  }
  expect(JSON.parse(nextFrame(p, ARENA, 20)!)).toEqual({ type: 'give-up', gameId: 'g1', rid: 'g1' });
  // Another game's frame, or the same game still in play, answers nothing.
  expect(answer(p, game('other', 'gave-up'), 21)).toBeUndefined();
  expect(answer(p, game('g1'), 21)).toBeUndefined();
  expect(answer(p, game('g1', 'gave-up', 4), 23)).toEqual({ kind: 'give-up', rttMs: 3 });
  expect(JSON.parse(nextFrame(p, ARENA, 30)!)).toMatchObject({ type: 'arena-next', deal: 2 });
  expect(answer(p, game('g2'), 31)).toEqual({ kind: 'next', rttMs: 1, dealt: { deal: 2, gameId: 'g2' } });
  expect(p).toMatchObject({ deal: 2, gameId: 'g2', seq: 0, over: false, script: undefined });
});

test("a refused move ends the deal's script: the player gives up next; an ack out of step does too; a duplicate is not recorded", () => {
  const p = newPlayer(3);
  nextFrame(p, ARENA, 0);
  answer(p, game('g1'), 1);
  p.script = script(100);
  nextFrame(p, ARENA, 2);
  expect(answer(p, { type: 'ack', gameId: 'g1', seq: 1, duplicate: true }, 3)).toEqual({ kind: 'move', rttMs: 1 });
  nextFrame(p, ARENA, 4);
  expect(answer(p, { type: 'error', code: 'illegal' }, 5)).toEqual({ kind: 'move', rttMs: 1, error: 'illegal' });
  expect(JSON.parse(nextFrame(p, ARENA, 6)!)).toMatchObject({ type: 'give-up' });

  const q = newPlayer(1);
  nextFrame(q, ARENA, 0);
  answer(q, game('g1'), 1);
  q.script = script(100);
  nextFrame(q, ARENA, 2);
  expect(answer(q, { type: 'ack', gameId: 'g1', seq: 7 }, 3)).toMatchObject({ error: 'out-of-step' });
  expect(JSON.parse(nextFrame(q, ARENA, 4)!)).toMatchObject({ type: 'give-up' });
});

test('standings are counted in the window only, with the shortest gap between two', () => {
  const p = newPlayer(0);
  standingsArrived(p, 0, false);
  standingsArrived(p, 1000, true);
  standingsArrived(p, 2100, true);
  standingsArrived(p, 3050, true);
  expect(p).toMatchObject({ standings: 3, minStandingsGapMs: 950 });
  expect(isStandings(JSON.stringify({ type: 'arena-standings', arenaId: ARENA }))).toBe(true);
  expect(isStandings(JSON.stringify({ type: 'ack', gameId: 'arena-standings' }))).toBe(false);
});
