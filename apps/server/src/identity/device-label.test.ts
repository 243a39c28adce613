import { expect, test } from 'vitest';
import { deviceLabel } from './device-label.ts';

test('a device is named by its browser and system, or said to be unknown', () => {
  expect(
    deviceLabel(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ),
  ).toBe('Chrome on Mac OS');
  expect(
    deviceLabel(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Mobile Safari on iOS');
  expect(deviceLabel('Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0')).toBe(
    'Firefox on Android',
  );
  expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
  expect(deviceLabel(undefined)).toBe('First device');
});
