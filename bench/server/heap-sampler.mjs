// A preload for the server the load bench starts: V8's sampling heap profiler over a window of
// the run, every allocation counted (objects the young and old collections freed included), so
// that the profile says what each action allocates, which the machine's load hardly changes.
//   HEAP_SAMPLE_AT=22000 HEAP_SAMPLE_FOR=8000 HEAP_SAMPLE_OUT=/tmp/x.heapprofile \
//   BENCH_SERVER_NODE_ARGS="--import $PWD/bench/server/heap-sampler.mjs" node --import tsx bench/server/ws-load.ts
// Start it inside the load's timed window (BENCH_SERVER_OUTPUT shows the window), then
// `node --import tsx bench/server/heap-profile.ts FILE ACTIONS` (ACTIONS: those in the sample).
// It slows the server down: its round trips are not the build's.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { isMainThread } from 'node:worker_threads';

const at = Number(process.env.HEAP_SAMPLE_AT ?? 20000);
const span = Number(process.env.HEAP_SAMPLE_FOR ?? 8000);
const out = process.env.HEAP_SAMPLE_OUT ?? `heap-${process.pid}.heapprofile`;

// --import runs in the server's worker threads too (the logger's); only the event loop counts.
if (isMainThread) {
  const session = new Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  setTimeout(async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    });
    process.stderr.write(`heap sampling from ${performance.now().toFixed(0)} ms\n`);
    setTimeout(async () => {
      const { profile } = await post('HeapProfiler.stopSampling');
      writeFileSync(out, JSON.stringify(profile));
      process.stderr.write(`heap sampling to ${performance.now().toFixed(0)} ms: ${out}\n`);
    }, span).unref();
  }, at).unref();
}
