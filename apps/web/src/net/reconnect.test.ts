import { expect, test } from 'vitest';
import { reconnectDelay } from './connection.svelte.ts';

test('reconnect waits grow to 5 s and are spread ±50% so restarted servers are not stampeded', () => {
  expect([0, 1, 2, 3, 4, 9].map((n) => reconnectDelay(n, () => 0.5))).toEqual([300, 1000, 2000, 3000, 5000, 5000]);
  expect(reconnectDelay(4, () => 0)).toBe(2500);
  expect(reconnectDelay(4, () => 0.999)).toBe(7495);
});
