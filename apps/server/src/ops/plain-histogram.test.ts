import { Histogram, Registry } from 'prom-client';
import { expect, test } from 'vitest';
import { PlainHistogram } from './plain-histogram.ts';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

test('shows on /metrics exactly what a prom-client histogram shows', async () => {
  const theirs = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({ name: 'x_seconds', help: 'How long.', buckets: BOUNDS, registers: [theirs] });
  const plain = new PlainHistogram('x_seconds', 'How long.', BOUNDS);
  ours.registerMetric(plain.asMetric());
  expect(await ours.metrics()).toBe(await theirs.metrics());
  // On the bounds, between them, under the first and past the last.
  const values = [0, 0.0004, 0.001, 0.0011, 0.0025, 0.007, 0.05, 0.3, 1, 2.5, 2.6, 40];
  for (let i = 0; i < 300; i++) values.push(((i * 7919) % 3000) / 1000);
  for (const v of values) {
    histogram.observe(v);
    plain.observe(v);
  }
  expect(await ours.metrics()).toBe(await theirs.metrics());
  // Merged with other registries, as `/metrics` serves it.
  expect(await Registry.merge([new Registry(), ours]).metrics()).toBe(await theirs.metrics());
  histogram.reset();
  plain.reset();
  ours.resetMetrics();
  expect(await ours.metrics()).toBe(await theirs.metrics());
});
