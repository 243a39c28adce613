import { expect, it } from 'vitest';
import { reloadForProtocol } from './outdated.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

it('reloads once for a new protocol version, and not again for the same one', () => {
  const storage = memoryStorage();
  let reloads = 0;
  const reload = () => {
    reloads++;
  };
  expect(reloadForProtocol(3, storage, reload)).toBe(true);
  expect(reloadForProtocol(3, storage, reload)).toBe(false);
  expect(reloads).toBe(1);
  expect(reloadForProtocol(4, storage, reload)).toBe(true);
  expect(reloads).toBe(2);
});
