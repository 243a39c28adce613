import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readSchemaComments } from './docs-comments.ts';

test('a field that comes with a spread shape, from another module too, means what it says there', () => {
  const dir = mkdtempSync(join(tmpdir(), 'schema-comments-'));
  const shared = join(dir, 'shared.ts');
  const frames = join(dir, 'frames.ts');
  writeFileSync(
    shared,
    `export const boardFields = {
  /** The position's number. */
  seq: z.int(),
  view: WireView,
};
`,
  );
  writeFileSync(
    frames,
    `export const Watched = withRequestId({
  type: z.literal('watched'),
  /** Whose board. */
  playerId: z.string(),
  ...boardFields,
});
export const Nested = z.strictObject({ board: z.strictObject({ ...boardFields }) });
`,
  );
  const comments = readSchemaComments([shared, frames]);
  expect(comments.lookup('Watched', ['playerId'])).toBe('Whose board.');
  expect(comments.lookup('Watched', ['seq'])).toBe("The position's number.");
  expect(comments.lookup('Nested', ['board', 'seq'])).toBe("The position's number.");
  expect(comments.lookup('Watched', ['view'])).toBeUndefined();
});
