/**
 * A small metrics registry written out in the Prometheus text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/). Hand-written rather than a
 * dependency: the server needs counters, gauges and histograms with at most one label, and the
 * format is a few lines of text per metric.
 */

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type MetricType = 'counter' | 'gauge' | 'histogram';

/** One or more metric families; `expose` writes them out whole (HELP, TYPE, samples). */
export interface Metric {
  readonly names: readonly string[];
  expose(): string | Promise<string>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

function checkName(name: string, pattern: RegExp, what: string): string {
  if (!pattern.test(name)) throw new Error(`not a Prometheus ${what} name: ${JSON.stringify(name)}`);
  return name;
}

/** HELP text escapes backslash and line feed; label values also escape the double quote. */
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const escapeLabel = (value: string) => escapeHelp(value).replace(/"/g, '\\"');

/** Go's ParseFloat reads what JavaScript's String(number) writes, except for the infinities. */
function formatValue(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

export function header(name: string, help: string, type: MetricType): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;
}

export function sample(name: string, value: number, labels?: Readonly<Record<string, string>>): string {
  const pairs = labels ? Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`) : [];
  return `${name}${pairs.length ? `{${pairs.join(',')}}` : ''} ${formatValue(value)}\n`;
}

/** A count that only goes up (restarts from 0 with the process; Prometheus's rate() copes). */
export class Counter implements Metric {
  readonly names: readonly string[];
  private value = 0;

  readonly name: string;
  private readonly help: string;
  constructor(name: string, help: string) {
    this.name = name;
    this.help = help;
    this.names = [checkName(name, NAME, 'metric')];
  }

  inc(by = 1): void {
    if (!(by >= 0)) throw new RangeError(`${this.name} only goes up, not by ${by}`);
    this.value += by;
  }

  expose(): string {
    return header(this.name, this.help, 'counter') + sample(this.name, this.value);
  }
}

/**
 * A counter split by one label. `known` values are written (as 0) from the start, so that
 * rate() sees the first increment of each; others appear when first counted.
 */
export class LabelledCounter implements Metric {
  readonly names: readonly string[];
  private readonly values = new Map<string, number>();

  readonly name: string;
  private readonly help: string;
  private readonly label: string;
  constructor(name: string, help: string, label: string, known: readonly string[] = []) {
    this.name = name;
    this.help = help;
    this.label = label;
    this.names = [checkName(name, NAME, 'metric')];
    checkName(label, LABEL, 'label');
    for (const value of known) this.values.set(value, 0);
  }

  inc(labelValue: string, by = 1): void {
    if (!(by >= 0)) throw new RangeError(`${this.name} only goes up, not by ${by}`);
    this.values.set(labelValue, (this.values.get(labelValue) ?? 0) + by);
  }

  expose(): string {
    let text = header(this.name, this.help, 'counter');
    for (const [value, count] of this.values) text += sample(this.name, count, { [this.label]: value });
    return text;
  }
}

/** A value read when scraped: a gauge, or a counter kept elsewhere (CPU time). */
export class Sampled implements Metric {
  readonly names: readonly string[];

  readonly name: string;
  private readonly help: string;
  private readonly type: 'gauge' | 'counter';
  private readonly read: () => number | Promise<number>;
  constructor(name: string, help: string, type: 'gauge' | 'counter', read: () => number | Promise<number>) {
    this.name = name;
    this.help = help;
    this.type = type;
    this.read = read;
    this.names = [checkName(name, NAME, 'metric')];
  }

  async expose(): Promise<string> {
    return header(this.name, this.help, this.type) + sample(this.name, await this.read());
  }
}

/**
 * Observations counted into fixed buckets (upper bounds, inclusive, as Prometheus's `le`),
 * plus their sum and count. Written cumulatively, with the `+Inf` bucket equal to the count.
 */
export class Histogram implements Metric {
  readonly names: readonly string[];
  /** Per bucket, not cumulative; the last one is `+Inf`. */
  private readonly counts: number[];
  private sum = 0;
  private count = 0;

  readonly name: string;
  private readonly help: string;
  readonly buckets: readonly number[];
  constructor(name: string, help: string, buckets: readonly number[]) {
    this.name = name;
    this.help = help;
    this.buckets = buckets;
    this.names = [checkName(name, NAME, 'metric')];
    if (buckets.length === 0) throw new Error(`${name} needs at least one bucket`);
    for (let i = 0; i < buckets.length; i++) {
      if (!Number.isFinite(buckets[i]) || (i > 0 && buckets[i]! <= buckets[i - 1]!)) {
        throw new Error(`${name}: buckets must be finite and increasing, not ${buckets.join(', ')}`);
      }
    }
    this.counts = new Array<number>(buckets.length + 1).fill(0);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.buckets.length && value > this.buckets[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
  }

  expose(): string {
    let text = header(this.name, this.help, 'histogram');
    let cumulative = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      cumulative += this.counts[i]!;
      text += sample(`${this.name}_bucket`, cumulative, { le: formatValue(this.buckets[i]!) });
    }
    text += sample(`${this.name}_bucket`, this.count, { le: '+Inf' });
    text += sample(`${this.name}_sum`, this.sum);
    text += sample(`${this.name}_count`, this.count);
    return text;
  }
}

/** The metrics one process exposes, written in the order of their names. */
export class Registry {
  private readonly metrics: Metric[] = [];
  private readonly names = new Set<string>();

  add<M extends Metric>(metric: M): M {
    for (const name of metric.names) {
      if (this.names.has(name)) throw new Error(`metric ${name} is registered twice`);
    }
    for (const name of metric.names) this.names.add(name);
    this.metrics.push(metric);
    this.metrics.sort((a, b) => (a.names[0]! < b.names[0]! ? -1 : 1));
    return metric;
  }

  async render(): Promise<string> {
    const parts: string[] = [];
    for (const metric of this.metrics) parts.push(await metric.expose());
    return parts.join('');
  }
}
