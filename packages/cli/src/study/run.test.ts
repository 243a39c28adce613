import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealFromSeed, newGame, replay } from '@scorpion/rules';
import { createSolverPool, type SolverPool } from '@scorpion/solver';
import { afterAll, expect, it } from 'vitest';
import { runStudy } from './run.ts';
import { openStudy } from './store.ts';

const KEY = { variant: 'scorpion', options: { foundations: false, open: false } } as const;
const LIMITS = { nodes: 20_000, ms: 600_000, tableMegabytes: 16 };
const pool = createSolverPool({ threads: 1 });
const dir = mkdtempSync(join(tmpdir(), 'study-run-'));
const retryDir = mkdtempSync(join(tmpdir(), 'study-retry-'));
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(retryDir, { recursive: true, force: true });
});

/** The real pool, counting the deals it is asked to solve. */
function counting(): { pool: Pick<SolverPool, 'solveDeal'>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    pool: {
      solveDeal: (variant, options, deck, limits) => {
        asked.push(deck.join(','));
        return pool.solveDeal(variant, options, deck, limits);
      },
    },
  };
}

it('solves only the deals not yet in the file, and every win it records replays', async () => {
  const first = counting();
  const file = openStudy(dir, KEY);
  await runStudy({ key: KEY, deals: 8, limits: LIMITS, file, pool: first.pool, parallel: 1 });
  file.close();
  expect(first.asked).toHaveLength(8);

  const again = openStudy(dir, KEY);
  const second = counting();
  const texts: string[] = [];
  let clock = 0;
  const row = await runStudy({
    key: KEY,
    deals: 20,
    limits: LIMITS,
    file: again,
    pool: second.pool,
    parallel: 2,
    progress: (text) => texts.push(text),
    now: () => (clock += 500),
  });
  again.close();
  expect(second.asked).toHaveLength(12);
  // None of the eight deals already solved was dealt again.
  expect(second.asked.filter((deck) => first.asked.includes(deck))).toEqual([]);
  expect(row).toMatchObject({ key: 'scorpion', deals: 20 });
  expect(row.won + row.lost + row.unknown).toBe(20);
  // The clock moves half a second per reading: one reading per deal after the start.
  expect(texts.at(-1)).toMatch(
    /^scorpion \[#{24}\] 20\/20 · won \d+\.\d% \(.*\) · unknown \d+ · \d\.\d deals\/s · 0 s left$/,
  );

  for (const r of again.results.values()) {
    if (r.result !== 'win') continue;
    const start = newGame(KEY.variant, KEY.options, dealFromSeed(KEY.variant, r.seed));
    expect(replay(start, r.line)).toMatchObject({ ok: true, status: 'won' });
  }
}, 60_000);

it('with retryUnknown solves again the deals left unknown, and their verdicts replace the unknowns', async () => {
  const file = openStudy(retryDir, KEY);
  // Deals 0–7 are all lost; five of them take more than 50 nodes to prove, deal 4 some 470,000.
  const starved = await runStudy({ key: KEY, deals: 8, limits: { ...LIMITS, nodes: 50 }, file, pool, parallel: 1 });
  expect(starved.unknown).toBeGreaterThan(0);
  const unknown = [...file.results.values()].filter((r) => r.result === 'unknown').map((r) => r.index);
  const retry = counting();
  const texts: string[] = [];
  const row = await runStudy({
    key: KEY,
    deals: 8,
    limits: { ...LIMITS, nodes: 1_000_000 },
    file,
    pool: retry.pool,
    parallel: 1,
    retryUnknown: true,
    progress: (text) => texts.push(text),
  });
  file.close();
  expect(retry.asked).toHaveLength(unknown.length);
  expect(row).toMatchObject({ deals: 8, lost: 8, unknown: 0 });
  expect(texts.at(-1)).toContain('8/8 · won');
  expect(texts.at(-1)).toContain('· unknown 0');
  // Read back from the file, the verdicts still replace the unknowns.
  const reread = openStudy(retryDir, KEY);
  reread.close();
  expect([...reread.results.values()].filter((r) => r.result === 'unknown')).toEqual([]);
}, 60_000);
