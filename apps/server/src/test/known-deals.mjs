/*
 * Test-only, loaded into a built server process with `--import` (the cluster proofs pass it in
 * NODE_OPTIONS): every race and practice game is dealt the known winning deal of
 * `fixtures/winning-scorpion.json`, so a test can play a race to its end on any process, and a
 * race run on the cluster can be compared with the same moves on one embedded server. Production
 * code gains no seam: a module hook swaps the built `deals/source.js` for `known-deals-source.mjs`.
 * Plain JavaScript, so it loads however the server is run.
 */
import { register } from 'node:module';

register('./known-deals-hooks.mjs', import.meta.url);
