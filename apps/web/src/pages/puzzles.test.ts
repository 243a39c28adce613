import type { PuzzleAnswer, PuzzleView } from '@scorpion/protocol';
import { toWireView } from '@scorpion/protocol';
import { applyMove, positionFromText } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { ApiFailure, type api } from '../net/api.ts';
import { PuzzlesPage } from './puzzles.svelte.ts';

const START = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S', {
  options: { open: true, foundations: false },
});
const RIGHT = { kind: 'move', from: 1, row: 3, to: 2 } as const;
const WRONG = { kind: 'move', from: 1, row: 0, to: 0 } as const;
const after = (move: typeof RIGHT | typeof WRONG) => {
  const played = applyMove(START, move);
  if (!played.ok) throw new Error(played.reason);
  return played.state;
};
const VIEW: PuzzleView = {
  attemptId: 'a1',
  puzzleId: 'scorpion+open.1.10',
  view: toWireView(START),
  step: 0,
  steps: 2,
  puzzleRating: 1700,
  playerRating: { rating: 1500, games: 0 },
};
const rating = { before: 1500, after: { rating: 1440, games: 1 } };

/** A server that answers each path from a list, in order, and keeps what it was sent. */
function server(answers: Record<string, unknown[]>) {
  const sent: { path: string; body: unknown }[] = [];
  const fetch = (async (path: string, init?: { body?: unknown }) => {
    sent.push({ path, body: init?.body });
    const answer = answers[path]?.shift();
    if (answer instanceof ApiFailure) throw answer;
    return answer;
  }) as typeof api;
  return { fetch, sent };
}

test('a right move shows the server’s next position; a wrong one goes back, marks the right move and shows the rating', async () => {
  const continued: PuzzleAnswer = { result: 'continue', view: toWireView(after(RIGHT)), step: 1 };
  const wrong: PuzzleAnswer = { result: 'wrong', solution: [RIGHT, WRONG], rating, puzzleRating: 1720 };
  const { fetch, sent } = server({
    '/api/puzzles/next': [VIEW],
    '/api/puzzles/attempts/a1/move': [continued, wrong],
  });
  const page = new PuzzlesPage(fetch);
  await page.next();
  expect(page.status).toBe('playing');
  expect(page.play({ kind: 'move', from: 0, row: 0, to: 1 })).toBeDefined();
  expect(sent).toHaveLength(1);

  expect(page.play(RIGHT)).toBeUndefined();
  expect(page.status).toBe('checking');
  await Promise.resolve();
  await Promise.resolve();
  expect(page).toMatchObject({ status: 'playing', step: 1, right: true });
  const before = page.view;
  page.play({ kind: 'move', from: 1, row: 0, to: 0 });
  await Promise.resolve();
  await Promise.resolve();
  expect(page).toMatchObject({ status: 'wrong', rating, puzzleRating: 1720, answerMove: WRONG, view: before });
  expect(page.over).toBe(true);
  expect(sent.map((s) => s.body)).toEqual([undefined, { step: 0, move: RIGHT }, { step: 1, move: WRONG }]);
});

test('a refused move puts the position back and says why; no puzzle left is said too', async () => {
  const { fetch } = server({
    '/api/puzzles/next': [VIEW, new ApiFailure('no-puzzles-left', 'none')],
    '/api/puzzles/attempts/a1/move': [new ApiFailure('puzzle-no-change', 'nothing')],
  });
  const page = new PuzzlesPage(fetch);
  await page.next();
  page.play(RIGHT);
  await Promise.resolve();
  await Promise.resolve();
  expect(page).toMatchObject({ status: 'playing', error: 'puzzle-no-change', step: 0 });
  expect(page.view).toEqual(START);
  await page.next();
  expect(page).toMatchObject({ status: 'failed', error: 'no-puzzles-left' });
});
