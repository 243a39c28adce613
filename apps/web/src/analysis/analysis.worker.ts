/// <reference lib="webworker" />
// The subpath only: the package index also exports the Node worker-thread pool.
import { ANALYSIS_LIMITS, analyseLine } from '@scorpion/solver/analysis';
import type { AnalysisReply, AnalysisRequest } from './messages.ts';
import { wireAnalysis } from './wire.ts';

/**
 * Analyses one public game's line with the server's node budget (the same verdicts on every
 * machine) and a table a phone can spare. A worker of its own, started by the replay page and
 * ended when it leaves: a long analysis never delays practice's hints, nor the board.
 */
const TABLE_MB = 24;

self.onmessage = (e: MessageEvent<AnalysisRequest>) => {
  let reply: AnalysisReply;
  try {
    reply = {
      analysis: wireAnalysis(
        analyseLine(e.data.start, e.data.moves, {
          ...ANALYSIS_LIMITS,
          tableMegabytes: TABLE_MB,
        }),
      ),
    };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
