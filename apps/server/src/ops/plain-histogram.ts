import type { Metric } from 'prom-client';

/**
 * A histogram without labels kept as plain counts, for the move path: `observe` adds one to a
 * bucket's count and to the sum, and allocates nothing. prom-client's `Histogram.observe` made
 * a closure and two objects per call (its label hashing and exemplar path) on every ack. The
 * registry reads it as it reads any metric (`get`), and `/metrics` shows the same lines, in the
 * same order, as a prom-client histogram with the same name, help and buckets would.
 */
export class PlainHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** Per bucket, not cumulative; the last is past every bound (`+Inf`). */
  private readonly counts: Float64Array;
  private sum = 0;
  /** As prom-client's: zeros from the start, nothing at all after a reset until the next value. */
  private shown = true;
  readonly name: string;
  readonly help: string;
  private readonly bounds: readonly number[];

  constructor(name: string, help: string, bounds: readonly number[]) {
    this.name = name;
    this.help = help;
    this.bounds = bounds;
    this.counts = new Float64Array(bounds.length + 1);
  }

  /** Counts `value` in the first bucket whose bound it does not exceed. */
  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.shown = true;
  }

  reset(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.shown = false;
  }

  /** What prom-client's registry reads of a metric at a scrape. */
  async get() {
    const bucket = `${this.name}_bucket`;
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    if (!this.shown) return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
    let count = 0;
    this.bounds.forEach((le, i) => {
      count += this.counts[i]!;
      values.push({ labels: { le }, value: count, metricName: bucket });
    });
    count += this.counts[this.bounds.length]!;
    values.push(
      { labels: { le: '+Inf' }, value: count, metricName: bucket },
      { labels: {}, value: this.sum, metricName: `${this.name}_sum` },
      { labels: {}, value: count, metricName: `${this.name}_count` },
    );
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** As a metric a prom-client `Registry` takes (`registerMetric`): it reads only the above. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
