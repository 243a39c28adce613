import { expect, test } from 'vitest';
import { ServerMetrics } from './metrics-server.ts';

test('the WAL keeper’s holds are counted by outcome, every outcome from 0, and timed', async () => {
  const metrics = new ServerMetrics();
  metrics.walHold('caught-up', 0.004);
  const text = await metrics.expose();
  expect(text).toContain('scorpion_wal_catchups_total{outcome="caught-up"} 1');
  expect(text).toContain('scorpion_wal_catchups_total{outcome="behind"} 0');
  expect(text).toContain('scorpion_wal_catchups_total{outcome="timed-out"} 0');
  expect(text).toContain('scorpion_wal_hold_seconds_bucket{le="0.005"} 1');
  expect(text).toContain('scorpion_wal_hold_seconds_bucket{le="0.0025"} 0');
  expect(text).toContain('scorpion_wal_hold_seconds_count 1');
});
