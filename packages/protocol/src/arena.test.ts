import { expect, test } from 'vitest';
import {
  ARENA_TOP_ROWS,
  ArenaClientMessage,
  ArenaCreate,
  ArenaId,
  type ArenaRow,
  ArenaServerMessage,
  ArenaSummary,
  ArenaTableRow,
} from './arena.ts';
import { ErrorCode } from './errors.ts';

const ann = { id: 'p1', nickname: 'Ann' };
const row = (rank: number, overrides: Partial<ArenaRow> = {}): ArenaRow => ({
  rank,
  player: { id: `p${rank}`, nickname: `Player ${rank}` },
  score: 8,
  fire: true,
  streak: 3,
  deal: 4,
  playing: true,
  points: [2, 2, 4],
  ...overrides,
});

test('arena ids: a scheduled slot or a private arena, nothing else', () => {
  for (const id of ['h-2026-12-06T13', 'd-2026-12-06', 'w-2026-12-06', 'p-AbC_12-xyZ09']) {
    expect(ArenaId.safeParse(id).success, id).toBe(true);
  }
  for (const id of [
    'h-2026-12-06',
    'd-2026-12-06T13',
    'p-short',
    'p-AbC_12-xyZ09x',
    'x-2026-12-06',
    ' h-2026-12-06T13',
  ]) {
    expect(ArenaId.safeParse(id).success, id).toBe(false);
  }
});

test('client frames are strict and discriminated by type', () => {
  const next = { type: 'arena-next', arenaId: 'h-2026-12-06T13', deal: 3, berserk: true };
  expect(ArenaClientMessage.parse(next)).toEqual(next);
  expect(ArenaClientMessage.safeParse({ ...next, extra: 1 }).success).toBe(false);
  expect(ArenaClientMessage.safeParse({ ...next, deal: 0 }).success).toBe(false);
  expect(ArenaClientMessage.safeParse({ ...next, berserk: undefined }).success).toBe(false);
  expect(ArenaClientMessage.safeParse({ type: 'arena-join', arenaId: 'd-2026-12-06' }).success).toBe(true);
  expect(ArenaClientMessage.safeParse({ type: 'arena-watch', arenaId: 'd-2026-12-06', playerId: null }).success).toBe(
    true,
  );
  expect(ArenaClientMessage.safeParse({ type: 'arena-leave', arenaId: 'nope' }).success).toBe(false);
});

test('a request id rides on every arena message and on the frames that answer one', () => {
  expect(ArenaClientMessage.parse({ type: 'arena-join', arenaId: 'd-2026-12-06', rid: 'r7' })).toMatchObject({
    rid: 'r7',
  });
  expect(ArenaClientMessage.safeParse({ type: 'arena-join', arenaId: 'd-2026-12-06', rid: 'no spaces' }).success).toBe(
    false,
  );
  const standings = {
    type: 'arena-standings',
    arenaId: 'd-2026-12-06',
    status: 'upcoming',
    startsAt: 0,
    endsAt: 3_600_000,
    players: 1,
    top: [],
    me: null,
    serverTime: 0,
    rid: 'r7',
  };
  expect(ArenaServerMessage.parse(standings)).toEqual(standings);
  const over = { type: 'arena-over', arenaId: 'd-2026-12-06', players: 0, podium: [], me: null };
  expect(ArenaServerMessage.safeParse({ ...over, rid: 'r7' }).success).toBe(false);
});

test('a create request is checked for its types only: the server names each bad value with its own code', () => {
  const raw = { name: '  \u0000 ', startsAt: 0, minutes: 500, variant: 'wasp' };
  expect(ArenaCreate.parse(raw)).toEqual(raw);
  expect(ArenaCreate.safeParse({ ...raw, variant: 'chess' }).success).toBe(false);
  expect(ArenaCreate.safeParse({ ...raw, startsAt: 1.5 }).success).toBe(false);
  expect(ArenaCreate.safeParse({ ...raw, name: 'x'.repeat(201) }).success).toBe(false);
  for (const code of ['arena-bad-name', 'arena-start-past', 'arena-start-too-far', 'arena-bad-length']) {
    expect(ErrorCode.options).toContain(code);
  }
});

test('the standings frame carries at most the top rows and the player’s own', () => {
  const frame = {
    type: 'arena-standings',
    arenaId: 'h-2026-12-06T13',
    status: 'running',
    startsAt: 0,
    endsAt: 1_200_000,
    players: 950,
    top: Array.from({ length: ARENA_TOP_ROWS }, (_, i) => row(i + 1)),
    me: row(412, { player: ann, fire: false, streak: 0, points: [2, 0] }),
    serverTime: 600_000,
  };
  expect(ArenaServerMessage.parse(frame)).toEqual(frame);
  expect(ArenaServerMessage.safeParse({ ...frame, top: [...frame.top, row(11)] }).success).toBe(false);
  expect(ArenaServerMessage.safeParse({ ...frame, me: null }).success).toBe(true);
  expect(ArenaServerMessage.safeParse({ ...frame, me: row(1, { points: [6] }) }).success).toBe(false);
  expect(ArenaServerMessage.safeParse({ ...frame, me: row(0) }).success).toBe(false);
});

test('the arena-over frame holds the podium, shared places included', () => {
  const over = {
    type: 'arena-over',
    arenaId: 'w-2026-12-06',
    players: 3,
    podium: [row(1), row(1), row(3)],
    me: row(3),
  };
  expect(ArenaServerMessage.parse(over)).toEqual(over);
});

test('a summary names its kind, length and the deal time limit; the winner once finished', () => {
  const summary = {
    id: 'p-AbC_12-xyZ09',
    kind: 'private',
    name: 'Friday club',
    variant: 'wasp',
    startsAt: 0,
    endsAt: 2_700_000,
    minutes: 45,
    dealLimitMs: 300_000,
    status: 'finished',
    players: 12,
    createdBy: ann,
    winner: ann,
  };
  expect(ArenaSummary.parse(summary)).toEqual(summary);
  expect(ArenaSummary.safeParse({ ...summary, minutes: 9 }).success).toBe(false);
  expect(ArenaSummary.safeParse({ ...summary, name: '' }).success).toBe(false);
});

test('a final table row lists every game, its points and outcome; none while the arena runs', () => {
  const final = {
    ...row(1),
    wins: 2,
    winTimeMs: 300_000,
    games: [
      { deal: 1, gameId: 'g1', outcome: 'won', berserk: false, points: 2, elapsedMs: 150_000 },
      { deal: 2, gameId: 'g2', outcome: 'won', berserk: true, points: 3, elapsedMs: 150_000 },
      { deal: 3, gameId: 'g3', outcome: 'unfinished', berserk: false, points: 0, elapsedMs: 20_000 },
    ],
  };
  expect(ArenaTableRow.parse(final)).toEqual(final);
  expect(ArenaTableRow.safeParse({ ...final, games: null }).success).toBe(true);
  expect(ArenaTableRow.safeParse({ ...final, extra: true }).success).toBe(false);
});
