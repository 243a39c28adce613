import type { PuzzleRaceAnswer, PuzzleRaceMember, PuzzleRaceState } from '@scorpion/protocol';
import { toWireView } from '@scorpion/protocol';
import { applyMove, positionFromText } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { ApiFailure, type api } from '../net/api.ts';
import { makePuzzleRace, PuzzleRacePage } from './puzzleRace.svelte.ts';

const START = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S', {
  options: { open: true, foundations: false },
});
const RIGHT = { kind: 'move', from: 1, row: 3, to: 2 } as const;
const member = (nickname: string, rank: number, spec: Partial<PuzzleRaceMember> = {}): PuzzleRaceMember => ({
  nickname,
  score: 0,
  index: 0,
  you: false,
  creator: false,
  rank,
  ...spec,
});
const race = (spec: Partial<PuzzleRaceState> = {}): PuzzleRaceState => ({
  code: 'AB2CD3',
  status: 'lobby',
  member: true,
  creator: false,
  members: [member('Ann', 1, { creator: true }), member('Bo', 2, { you: true })],
  startsInMs: 0,
  remainingMs: 0,
  puzzle: null,
  next: null,
  ...spec,
});
const puzzle = (index: number, step = 0) => ({
  index,
  puzzleId: `scorpion+open.${index}.1`,
  view: toWireView(START),
  step,
  steps: 1,
});

/** A server that answers each path from a list, in order, and keeps what it was sent. */
function server(answers: Record<string, unknown[]>) {
  const sent: { path: string; body: unknown }[] = [];
  const fetch = (async (path: string, init?: { body?: unknown }) => {
    sent.push({ path, body: init?.body });
    const answer = answers[path]?.shift();
    if (answer === undefined) throw new Error(`nothing to answer ${path}`);
    if (answer instanceof ApiFailure) throw answer;
    return answer;
  }) as typeof api;
  return { fetch, sent };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const PATH = '/api/puzzles/race/AB2CD3';

test('a link joins the lobby; the countdown and clock count down from the server; moves are sent with their place', async () => {
  const solved: PuzzleRaceAnswer = {
    result: 'solved',
    race: race({ status: 'playing', remainingMs: 80_000, puzzle: puzzle(1) }),
  };
  const { fetch, sent } = server({
    [PATH]: [
      race({ member: false, members: [member('Ann', 1, { creator: true })] }),
      race({ status: 'countdown', startsInMs: 3_000, remainingMs: 93_000 }),
      race({ status: 'playing', remainingMs: 90_000, puzzle: puzzle(0) }),
      // A read whose race knows Ann has scored: the board stays as it is, the progress moves.
      race({
        status: 'playing',
        remainingMs: 89_000,
        puzzle: puzzle(0),
        members: [member('Ann', 1, { score: 1, index: 1 }), member('Bo', 2, { you: true })],
      }),
    ],
    [`${PATH}/join`]: [race()],
    [`${PATH}/move`]: [solved],
  });
  let now = 0;
  const page = new PuzzleRacePage('AB2CD3', fetch, () => now);
  await page.load();
  expect(sent.map((s) => s.path)).toEqual([PATH, `${PATH}/join`]);
  expect(page).toMatchObject({ status: 'lobby', race: { member: true } });
  expect(page.play(RIGHT)).toBe('game-over');

  await page.poll();
  expect(page).toMatchObject({ status: 'countdown', startsInMs: 3_000, remainingMs: 93_000 });
  now += 1_000;
  page.tick();
  expect(page.startsInMs).toBe(2_000);
  now += 2_000;
  // At zero the page asks at once: the race is on, and the board shows its first puzzle.
  page.tick();
  await settle();
  expect(page).toMatchObject({ status: 'playing', remainingMs: 90_000 });
  expect(page.view?.columns).toEqual(START.columns);

  // A move made on the board, then a read made while it is in flight: the read is not taken.
  expect(page.play(RIGHT)).toBeUndefined();
  const played = applyMove(START, RIGHT);
  expect(played.ok && page.view?.columns).toEqual(played.ok && played.state.columns);
  expect(page.checking).toBe(true);
  await page.poll();
  expect(page.race?.members[0]?.score).toBe(0);
  await settle();
  expect(sent.find((s) => s.path === `${PATH}/move`)?.body).toEqual({ index: 0, step: 0, move: RIGHT });
  expect(page).toMatchObject({ said: 'solved', checking: false, remainingMs: 80_000, race: { puzzle: { index: 1 } } });
  expect(page.view?.columns).toEqual(START.columns);
});

test('a refused move puts the board back and says why; the ranking and the next race are shown at the end', async () => {
  const over = race({
    status: 'over',
    members: [member('Bo', 1, { you: true, score: 3 }), member('Ann', 2, { creator: true, score: 2 })],
    next: 'XY2ZW3',
  });
  const { fetch } = server({
    [PATH]: [race({ status: 'playing', remainingMs: 1_000, puzzle: puzzle(4) }), over],
    [`${PATH}/move`]: [new ApiFailure('game-over', 'This puzzle race is over for you.')],
  });
  const page = new PuzzleRacePage('AB2CD3', fetch, () => 0);
  await page.load();
  page.play(RIGHT);
  await settle();
  await settle();
  expect(page).toMatchObject({ status: 'over', error: 'game-over', race: { next: 'XY2ZW3' } });
  expect(page.race?.members.map((m) => [m.rank, m.nickname])).toEqual([
    [1, 'Bo'],
    [2, 'Ann'],
  ]);
  expect(page.view).toBeUndefined();
});

test('a full race is refused with its code; making one gives its code or the refusal', async () => {
  const { fetch } = server({
    [PATH]: [race({ member: false })],
    [`${PATH}/join`]: [new ApiFailure('room-full', 'This puzzle race has its 10 members.')],
    '/api/puzzles/race': [race(), new ApiFailure('no-puzzles-left', 'There are no puzzles on this server.')],
  });
  const page = new PuzzleRacePage('AB2CD3', fetch, () => 0);
  await page.load();
  expect(page).toMatchObject({ status: 'failed', error: 'room-full' });
  expect(await makePuzzleRace(fetch)).toEqual({ ok: true, code: 'AB2CD3' });
  expect(await makePuzzleRace(fetch)).toEqual({ ok: false, error: 'no-puzzles-left' });
});
