import { positionFromText } from '@scorpion/rules';
import { analyseLine } from '@scorpion/solver/analysis';
import { describe, expect, it } from 'vitest';
import { type AnalysisWorker, analyseInWorker } from './analyse.ts';
import type { AnalysisReply, AnalysisRequest } from './messages.ts';
import { wireAnalysis } from './wire.ts';

/** A worker that answers on the spot, as the real one would (its message handler run in place). */
function fakeWorker(answer: (request: AnalysisRequest) => AnalysisReply) {
  const worker: AnalysisWorker & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(request) {
      queueMicrotask(() => worker.onmessage?.({ data: answer(request) } as MessageEvent<AnalysisReply>));
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

/** One suit, winnable until 8C 7C 6C go onto 9C (the solver's own test position, BURIED). */
const START = positionFromText('scorpion', ' | | 8C 7C 6C KC QC 5C 4C 3C 2C AC JC TC 9C');

describe('analyseInWorker', () => {
  it('hands the line to its own worker and ends it once answered', async () => {
    // The worker's work done here for real, with a small budget.
    const worker = fakeWorker(({ start, moves }) => {
      return { analysis: wireAnalysis(analyseLine(start, moves, { nodes: 200_000, ms: 600_000, tableMegabytes: 8 })) };
    });
    const line = [
      { kind: 'move', from: 2, row: 3, to: 0 },
      { kind: 'move', from: 0, row: 0, to: 1 },
      { kind: 'move', from: 2, row: 0, to: 1 },
    ] as const;
    const running = analyseInWorker(START, line, () => worker);
    const { verdicts, turningPoint } = await running.result;
    expect(verdicts).toEqual(['winnable', 'winnable', 'winnable', 'lost']);
    expect(turningPoint?.move).toBe(2);
    expect(worker.terminated).toBe(true);
  });

  it('says why when the worker could not analyse', async () => {
    const worker = fakeWorker(() => ({ error: 'move 1 of 1 is illegal: empty-source' }));
    await expect(analyseInWorker(START, [], () => worker).result).rejects.toThrow('illegal');
    expect(worker.terminated).toBe(true);
  });
});
