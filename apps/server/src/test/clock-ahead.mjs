/*
 * Test-only, loaded into a child server with `--import`: the process's clock (Date.now, which the
 * server's clock reads) runs TEST_CLOCK_AHEAD_MS ahead of the real one, as if the server had been
 * down that much longer before this start. A crash test so checks a long downtime without
 * sleeping through it. Plain JavaScript, so it loads before any TypeScript loader.
 */
const ahead = Number(process.env.TEST_CLOCK_AHEAD_MS ?? 0);
const realNow = Date.now.bind(Date);
Date.now = () => realNow() + ahead;
