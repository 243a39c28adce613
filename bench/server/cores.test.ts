import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { allCpus, cpuSeconds, cpusOf, pin } from './cores.ts';

/** A Node process that idles until killed, with its worker threads started (V8's, libuv's). */
async function idleNode() {
  const child = spawn(process.execPath, ['-e', "setInterval(() => {}, 1000); console.log('up')"], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return child;
}

test('pin puts every thread of a process on the core named, and allCpus gives them all back', async () => {
  const child = await idleNode();
  try {
    const pid = child.pid!;
    pin(pid, 0);
    const threads = readdirSync(`/proc/${pid}/task`);
    expect(threads.length).toBeGreaterThan(1);
    for (const tid of threads) expect(cpusOf(Number(tid))).toBe('0');
    pin(pid, allCpus());
    expect(cpusOf(pid)).toBe(allCpus());
  } finally {
    child.kill();
  }
});

test('cpuSeconds adds up the CPU time of the processes named, and is NaN for none or a gone one', () => {
  expect(cpuSeconds([process.pid])).toBeGreaterThan(0);
  expect(cpuSeconds([])).toBeNaN();
  expect(cpuSeconds([2 ** 22 + 1])).toBeNaN();
});
