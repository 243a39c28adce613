// A child server's clock for exact crash tests: `node --import ./src/test/file-clock.mjs` with
// SCORPION_TEST_CLOCK_FILE set makes `Date.now()` (the server's `systemClock`) read the time,
// in ms, from that file, so the test moves time and not the wall. Plain JS so that it loads
// however the server itself is run.
import { readFileSync } from 'node:fs';

const file = process.env.SCORPION_TEST_CLOCK_FILE;
if (!file) throw new Error('file-clock.mjs needs SCORPION_TEST_CLOCK_FILE');
Date.now = () => Number(readFileSync(file, 'utf8'));
