import { expect, test } from 'vitest';
import { Counter, Histogram, LabelledCounter, Registry, Sampled } from './metrics.ts';

test('the text format, byte for byte: families sorted by name, escaping, cumulative buckets', async () => {
  const registry = new Registry();
  const moves = registry.add(new Counter('demo_moves_total', 'Moves.\nrate() gives moves/s; a \\ stays.'));
  const rejected = registry.add(new LabelledCounter('demo_rejected_total', 'Refused frames.', 'reason', ['stale']));
  const latency = registry.add(new Histogram('demo_latency_seconds', 'Latency.', [0.01, 0.1, 1]));
  registry.add(new Sampled('demo_async_gauge', 'Read when scraped.', 'gauge', async () => 2.5));
  moves.inc();
  moves.inc(2);
  rejected.inc('bad-message');
  rejected.inc('odd "quoted"\\value\n');
  rejected.inc('bad-message');
  for (const seconds of [0.005, 0.01, 0.05, 2]) latency.observe(seconds);

  expect(await registry.render()).toBe(
    [
      '# HELP demo_async_gauge Read when scraped.',
      '# TYPE demo_async_gauge gauge',
      'demo_async_gauge 2.5',
      '# HELP demo_latency_seconds Latency.',
      '# TYPE demo_latency_seconds histogram',
      'demo_latency_seconds_bucket{le="0.01"} 2',
      'demo_latency_seconds_bucket{le="0.1"} 3',
      'demo_latency_seconds_bucket{le="1"} 3',
      'demo_latency_seconds_bucket{le="+Inf"} 4',
      'demo_latency_seconds_sum 2.065',
      'demo_latency_seconds_count 4',
      '# HELP demo_moves_total Moves.\\nrate() gives moves/s; a \\\\ stays.',
      '# TYPE demo_moves_total counter',
      'demo_moves_total 3',
      '# HELP demo_rejected_total Refused frames.',
      '# TYPE demo_rejected_total counter',
      'demo_rejected_total{reason="stale"} 0',
      'demo_rejected_total{reason="bad-message"} 2',
      'demo_rejected_total{reason="odd \\"quoted\\"\\\\value\\n"} 1',
      '',
    ].join('\n'),
  );
});

test('histogram buckets: upper bounds are inclusive, above the last goes to +Inf only', async () => {
  const h = new Histogram('h_seconds', 'h', [1, 2]);
  for (const v of [0, 1, 1.5, 2, 2.0001, 100]) h.observe(v);
  const text = h.expose();
  expect(text).toContain('h_seconds_bucket{le="1"} 2\n');
  expect(text).toContain('h_seconds_bucket{le="2"} 4\n');
  expect(text).toContain('h_seconds_bucket{le="+Inf"} 6\n');
  expect(text).toContain('h_seconds_count 6\n');
});

test('an empty histogram writes zeros; bad buckets, names and decrements are refused', () => {
  expect(new Histogram('e', 'e', [0.5]).expose()).toBe(
    '# HELP e e\n# TYPE e histogram\ne_bucket{le="0.5"} 0\ne_bucket{le="+Inf"} 0\ne_sum 0\ne_count 0\n',
  );
  expect(() => new Histogram('x', 'x', [])).toThrow(/bucket/);
  expect(() => new Histogram('x', 'x', [1, 1])).toThrow(/increasing/);
  expect(() => new Histogram('x', 'x', [1, Number.POSITIVE_INFINITY])).toThrow(/finite/);
  expect(() => new Counter('has-dash', 'x')).toThrow(/metric name/);
  expect(() => new LabelledCounter('ok', 'x', 'le-bad')).toThrow(/label name/);
  expect(() => new Counter('c', 'c').inc(-1)).toThrow(RangeError);
  expect(() => new LabelledCounter('c', 'c', 'l').inc('v', Number.NaN)).toThrow(RangeError);
  const registry = new Registry();
  registry.add(new Counter('twice', 't'));
  expect(() => registry.add(new Counter('twice', 't'))).toThrow(/twice/);
});
