import { expect, it } from 'vitest';
import { progressText } from './progress.ts';

it('shows the bar, the running estimate with its interval, the pace and the time left', () => {
  const tally = { key: 'wasp', deals: 2500, won: 2000, unknown: 10 };
  expect(progressText(tally, 10_000, 2.5)).toBe(
    'wasp [######------------------] 2,500/10,000 · won 80.0% (78.4%–81.9%) · unknown 10 · 2.5 deals/s · 50 min left',
  );
  expect(progressText({ ...tally, deals: 9990 }, 10_000, 2.5)).toMatch(/· 4 s left$/);
  // Before the first deal of a sitting is solved there is no pace to show.
  expect(progressText({ key: 'wasp', deals: 0, won: 0, unknown: 0 }, 100, 0)).toBe(
    'wasp [------------------------] 0/100 · won 0.0% (0.0%–100.0%) · unknown 0',
  );
});
