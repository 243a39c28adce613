import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { clusterSecret } from './cluster.ts';

it("the cluster's secret is made once, kept readable by its owner only, and SCORPION_SECRET wins", () => {
  const dir = mkdtempSync(join(tmpdir(), 'cluster-secret-'));
  const first = clusterSecret(dir, undefined);
  expect(first.length).toBeGreaterThanOrEqual(32);
  expect(clusterSecret(dir, undefined)).toBe(first);
  expect(readFileSync(join(dir, 'secret'), 'utf8').trim()).toBe(first);
  expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
  expect(clusterSecret(dir, 'given-by-the-operator-and-long-enough')).toBe('given-by-the-operator-and-long-enough');
});
