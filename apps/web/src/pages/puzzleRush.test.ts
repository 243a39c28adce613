import type { RushAnswer, RushBoard, RushOver, RushPlaying } from '@scorpion/protocol';
import { toWireView } from '@scorpion/protocol';
import { positionFromText } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { ApiFailure, type api } from '../net/api.ts';
import { PuzzleRushPage } from './puzzleRush.svelte.ts';

const START = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S', {
  options: { open: true, foundations: false },
});
const RIGHT = { kind: 'move', from: 1, row: 3, to: 2 } as const;
const WRONG = { kind: 'move', from: 1, row: 0, to: 0 } as const;
const playing = (index: number, spec: Partial<RushPlaying> = {}): RushPlaying => ({
  status: 'playing',
  runId: 'r1',
  index,
  puzzleId: `scorpion+open.${index}.1`,
  view: toWireView(START),
  step: 0,
  steps: 1,
  score: 0,
  mistakes: 0,
  remainingMs: 180_000,
  best: 4,
  ...spec,
});
const over: RushOver = {
  status: 'over',
  runId: 'r1',
  score: 1,
  mistakes: [{ index: 1, puzzleId: 'scorpion+open.1.1', view: toWireView(START), played: WRONG, right: RIGHT }],
  endedBy: 'time',
  best: 4,
};

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
const board = (rows: RushBoard['rows']): RushBoard => ({ date: '2026-06-02', rows });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a run: each move sent with its place, the clock counted down from the server’s word, asked again at zero', async () => {
  const solved: RushAnswer = { result: 'solved', run: playing(1, { score: 1, remainingMs: 150_000 }) };
  const wrong: RushAnswer = { result: 'wrong', run: playing(2, { score: 1, mistakes: 1, remainingMs: 140_000 }) };
  const { fetch, sent } = server({
    '/api/puzzles/rush': [{ best: 4, playing: null }, playing(0)],
    '/api/puzzles/rush/r1/move': [solved, wrong],
    '/api/puzzles/rush/r1': [playing(2, { score: 1, mistakes: 1, remainingMs: 500 }), over],
    '/api/puzzles/rush/board': [board([]), board([{ rank: 1, nickname: 'Ann', score: 1, you: true }])],
  });
  let now = 1_000;
  const page = new PuzzleRushPage(fetch, () => now);
  await page.load();
  expect(page).toMatchObject({ status: 'ready', best: 4, board: board([]) });
  await page.start();
  expect(page).toMatchObject({ status: 'playing', remainingMs: 180_000 });
  expect(page.play({ kind: 'move', from: 0, row: 0, to: 1 })).toBeDefined();

  expect(page.play(RIGHT)).toBeUndefined();
  expect(page.status).toBe('checking');
  await settle();
  expect(page).toMatchObject({ status: 'playing', said: 'solved', run: { index: 1, score: 1 } });
  expect(sent.at(-1)?.body).toEqual({ index: 0, step: 0, move: RIGHT });
  page.play(WRONG);
  await settle();
  expect(page).toMatchObject({ status: 'playing', said: 'wrong', run: { index: 2, mistakes: 1 } });
  expect(sent.at(-1)?.body).toEqual({ index: 1, step: 0, move: WRONG });

  now += 139_000;
  page.tick();
  expect(page.remainingMs).toBe(1_000);
  now += 1_000;
  // At zero the page asks; the server's clock says half a second more, then the run is over.
  page.tick();
  await settle();
  expect(page).toMatchObject({ status: 'playing', remainingMs: 500 });
  now += 500;
  page.tick();
  await settle();
  expect(page).toMatchObject({ status: 'over', result: over, best: 4 });
  // The run over, today's board is read again: it may have this run on it now.
  await settle();
  expect(page.board?.rows).toHaveLength(1);
});

test('a move the server finds too late: refused, the board goes back, and the run over is shown', async () => {
  const { fetch } = server({
    '/api/puzzles/rush': [{ best: null, playing: playing(0, { best: null }) }],
    '/api/puzzles/rush/r1/move': [new ApiFailure('game-over', 'This rush is over.')],
    '/api/puzzles/rush/r1': [over],
  });
  const page = new PuzzleRushPage(fetch, () => 0);
  await page.load();
  expect(page).toMatchObject({ status: 'playing', best: null });
  page.play(RIGHT);
  await settle();
  expect(page).toMatchObject({ status: 'over', result: over });
  expect(page.view?.columns).toEqual(START.columns);
});
