import { afterEach, expect, test } from 'vitest';
import { GameMemory } from './memory.ts';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', record);
});

test('a load the store fails rejects for its callers only, and the next ask tries the store again', async () => {
  process.on('unhandledRejection', record);
  let asked = 0;
  const memory = new GameMemory(
    {
      get: async () => {
        asked++;
        throw new Error('the pool has ended');
      },
      actions: async () => [],
    },
    () => 0,
  );
  // Two callers at once share the one load and both see it fail.
  const results = await Promise.allSettled([memory.load('g'), memory.load('g')]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(asked).toBe(1);
  await expect(memory.load('g')).rejects.toThrow('the pool has ended');
  expect(asked).toBe(2);
  // Unhandled rejections are reported after the turn they happen in.
  await new Promise((resolve) => setImmediate(resolve));
  expect(unhandled).toEqual([]);
});
