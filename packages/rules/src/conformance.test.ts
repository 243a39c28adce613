import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecord, trace } from './record.ts';

/*
 * Records with the traces an independent implementation of the rules produced for them
 * (copied from the shared conformance set). Every step must match exactly.
 */
const dir = join(import.meta.dirname, '../test/fixtures/conformance');
const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

describe('conformance with an independent implementation', () => {
  it('has fixtures to check', () => expect(files.length).toBeGreaterThan(10));
  for (const file of files) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean);
    lines.forEach((line, n) => {
      it(`${file} record ${n + 1}`, () => {
        const { record, expected } = JSON.parse(line);
        const parsed = parseRecord(record);
        if (!parsed.ok) throw new Error(parsed.error);
        const steps = trace(parsed.start, record.moves);
        steps.forEach((step, k) => {
          expect({ k, ...step }).toEqual({ k, ...expected.steps[k] });
        });
        expect(steps.length).toBe(expected.steps.length);
      });
    });
  }
});
