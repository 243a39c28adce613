import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';

/** How often, at most, a storage outage is told again while it lasts. */
export const OUTAGE_LOG_EVERY_MS = 60_000;

/**
 * How the REST edge logs the requests it answers 503 `unavailable` because storage is out of
 * reach (PostgreSQL down, the SQLite file full or read-only). Such a refusal is expected and
 * retryable, not a fault of the server: it is a warning, not an error. Every client polls and
 * retries through an outage, so each refusal alone would flood the log: the first is told at
 * `warn`, with its error; the next ones at `debug`, until a minute has passed, when one more
 * warning says how many were refused since. An outage under a minute is one line; an hour's, 60.
 * `/readyz` (ops/health.ts) says when the process stops and starts being ready.
 */
export class OutageLog {
  private warnedAt: number | undefined;
  private refusedSince = 0;
  private readonly now: Clock;

  constructor(now: Clock) {
    this.now = now;
  }

  refused(log: FastifyBaseLogger, error: unknown): void {
    const at = this.now();
    if (this.warnedAt !== undefined && at - this.warnedAt < OUTAGE_LOG_EVERY_MS) {
      this.refusedSince++;
      log.debug({ err: error }, 'storage out of reach: request refused (unavailable)');
      return;
    }
    log.warn(
      { err: error, refusedSince: this.refusedSince },
      'storage out of reach: requests are refused (503 unavailable, retryable) until it is back',
    );
    this.warnedAt = at;
    this.refusedSince = 0;
  }
}
