import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * prom-client's default metrics: CPU, resident memory, start time, heap and heap spaces, GC
 * durations by kind, event-loop lag (mean, percentiles, max, reset at each scrape), open file
 * descriptors, active handles. Collected once per process, not once per app: they describe
 * the process, and their loop monitor and GC observer run for the life of the process (tests
 * build many apps in one).
 */
export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
