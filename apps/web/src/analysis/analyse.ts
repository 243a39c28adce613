import type { LineAnalysis } from '@scorpion/protocol';
import type { GameState, Move } from '@scorpion/rules';
import type { AnalysisReply, AnalysisRequest } from './messages.ts';

/** The part of a `Worker` used here, so that a test can stand in for it. */
export interface AnalysisWorker {
  postMessage(request: AnalysisRequest): void;
  onmessage: ((e: MessageEvent<AnalysisReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface Analysing {
  readonly result: Promise<LineAnalysis>;
  /** Ends the worker (the page was left): its promise never settles. */
  stop(): void;
}

const spawnWorker = (): AnalysisWorker =>
  new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });

/** Analyses a public game's line in a worker of its own, ended once it answers or is stopped. */
export function analyseInWorker(start: GameState, moves: readonly Move[], spawn = spawnWorker): Analysing {
  const worker = spawn();
  const result = new Promise<LineAnalysis>((resolve, reject) => {
    worker.onmessage = (e) => {
      worker.terminate();
      if ('error' in e.data) reject(new Error(e.data.error));
      else resolve(e.data.analysis);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'The solver stopped.'));
    };
  });
  worker.postMessage({ start, moves });
  return { result, stop: () => worker.terminate() };
}
