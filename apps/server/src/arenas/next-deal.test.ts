import { expect, test } from 'vitest';
import { decideJoin, decideNext, maySeeBoard, NOT_YET_DEALT, type Position } from './next-deal.ts';

const MINUTE = 60_000;
const arena = { startsAt: 60 * MINUTE, endsAt: 80 * MINUTE };
const during = 70 * MINUTE;
const inPlay = (deal: number, berserk = false): Position => ({ deal, over: false, berserk });
const over = (deal: number, berserk = false): Position => ({ deal, over: true, berserk });

test('joining is open until the end, before the start too; a spectator who watched stays one', () => {
  expect(decideJoin(arena, false, 0)).toBeNull();
  expect(decideJoin(arena, false, during)).toBeNull();
  expect(decideJoin(arena, false, arena.endsAt - 1)).toBeNull();
  expect(decideJoin(arena, false, arena.endsAt)).toBe('arena-finished');
  expect(decideJoin(arena, true, during)).toBe('arena-watched');
  expect(decideJoin(arena, true, arena.endsAt)).toBe('arena-finished');
});

test('deal 1 is dealt from the start to the last moment, and not outside', () => {
  expect(decideNext(arena, NOT_YET_DEALT, { deal: 1, berserk: false }, arena.startsAt - 1)).toEqual({
    kind: 'refused',
    code: 'arena-not-started',
  });
  expect(decideNext(arena, NOT_YET_DEALT, { deal: 1, berserk: true }, arena.startsAt)).toEqual({
    kind: 'deal',
    deal: 1,
    berserk: true,
  });
  expect(decideNext(arena, NOT_YET_DEALT, { deal: 1, berserk: false }, arena.endsAt - 1)).toMatchObject({
    kind: 'deal',
  });
  expect(decideNext(arena, NOT_YET_DEALT, { deal: 1, berserk: false }, arena.endsAt)).toEqual({
    kind: 'refused',
    code: 'arena-finished',
  });
});

test('the next deal comes once the last one is over, never two at once', () => {
  expect(decideNext(arena, over(3), { deal: 4, berserk: false }, during)).toEqual({
    kind: 'deal',
    deal: 4,
    berserk: false,
  });
  expect(decideNext(arena, inPlay(3), { deal: 4, berserk: false }, during)).toEqual({
    kind: 'refused',
    code: 'stale',
  });
  expect(decideNext(arena, over(3), { deal: 5, berserk: false }, during)).toMatchObject({ code: 'stale' });
  expect(decideNext(arena, over(3), { deal: 2, berserk: false }, during)).toMatchObject({ code: 'stale' });
});

test('a resend gets the same deal again, in play or over, and deals nothing', () => {
  expect(decideNext(arena, inPlay(3), { deal: 3, berserk: false }, during)).toEqual({ kind: 'resume', deal: 3 });
  expect(decideNext(arena, inPlay(3, true), { deal: 3, berserk: true }, during)).toEqual({ kind: 'resume', deal: 3 });
  expect(decideNext(arena, over(3), { deal: 3, berserk: false }, during)).toEqual({ kind: 'resume', deal: 3 });
});

test('berserk is chosen with the dealing: asked for on a deal dealt without it, it is refused', () => {
  expect(decideNext(arena, inPlay(3), { deal: 3, berserk: true }, during)).toEqual({
    kind: 'refused',
    code: 'arena-berserk-too-late',
  });
  expect(decideNext(arena, over(3), { deal: 3, berserk: true }, during)).toMatchObject({
    code: 'arena-berserk-too-late',
  });
  // Asking without berserk for a berserk deal cannot take it back: the deal stays berserk.
  expect(decideNext(arena, inPlay(3, true), { deal: 3, berserk: false }, during)).toEqual({
    kind: 'resume',
    deal: 3,
  });
});

test('a player watches only the deals they have finished; someone not in the arena watches any', () => {
  expect(maySeeBoard(null, 7)).toBe(true);
  expect(maySeeBoard(NOT_YET_DEALT, 1)).toBe(false);
  expect(maySeeBoard(inPlay(3), 2)).toBe(true);
  expect(maySeeBoard(inPlay(3), 3)).toBe(false);
  expect(maySeeBoard(over(3), 3)).toBe(true);
  expect(maySeeBoard(over(3), 4)).toBe(false);
});
