import { afterEach, expect, test, vi } from 'vitest';
import type { CheckpointKind, CheckpointResult } from './checkpointer.ts';
import { CommitGate } from './commit-gate.ts';
import { WalKeeper } from './wal-keeper.ts';

const OPTIONS = { holdAtFrames: 100, holdCapMs: 250, backoffMs: 1000, maxBackoffMs: 4000 };

/** A turn of the event loop: the keeper's promise chains have all run (nothing here does I/O). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A checkpoint thread the test answers: each request waits in `asked` until the test resolves
 * it, and `heldWhenAsked` records whether the gate was held at each request.
 */
function fakeThread(gate: CommitGate) {
  const asked: { kind: CheckpointKind; answer: (r: CheckpointResult) => void }[] = [];
  const heldWhenAsked: boolean[] = [];
  const checkpoint = (kind: CheckpointKind) =>
    new Promise<CheckpointResult>((answer) => {
      heldWhenAsked.push(gate.held);
      asked.push({ kind, answer });
    });
  /** Answers the oldest request, once the keeper's promises have had their turn. */
  const answer = async (log: number, checkpointed = log) => {
    await settled();
    asked.shift()!.answer({ busy: 0, log, checkpointed });
  };
  return { checkpoint, asked, heldWhenAsked, answer };
}

test('a WAL under the threshold is only checkpointed; the commits are never held', async () => {
  const gate = new CommitGate();
  const thread = fakeThread(gate);
  const keeper = new WalKeeper(thread.checkpoint, gate, OPTIONS);
  const cycle = keeper.cycle();
  await thread.answer(99, 50);
  expect(await cycle).toBe('checked');
  expect(thread.heldWhenAsked).toStrictEqual([false]);
});

test('past the threshold the commits are held while the thread catches up, and released once it has', async () => {
  const gate = new CommitGate();
  const thread = fakeThread(gate);
  const onHold = vi.fn();
  const keeper = new WalKeeper(thread.checkpoint, gate, { ...OPTIONS, onHold });
  const cycle = keeper.cycle();
  await thread.answer(500, 480);
  await settled();
  expect(thread.asked.map((a) => a.kind)).toStrictEqual(['catch-up']);
  expect(gate.held).toBe(true);
  await thread.answer(500);
  expect(await cycle).toBe('caught-up');
  expect(gate.held).toBe(false);
  expect(thread.heldWhenAsked).toStrictEqual([false, true]);
  expect(onHold).toHaveBeenCalledExactlyOnceWith('caught-up', expect.any(Number));
});

test('a catch-up left behind by another write releases the commits and reports it', async () => {
  const gate = new CommitGate();
  const thread = fakeThread(gate);
  const keeper = new WalKeeper(thread.checkpoint, gate, OPTIONS);
  const cycle = keeper.cycle();
  await thread.answer(500, 480);
  await thread.answer(503, 500);
  expect(await cycle).toBe('behind');
  expect(gate.held).toBe(false);
});

test('a hold that reaches its cap is released though the thread has not answered', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const gate = new CommitGate();
  const thread = fakeThread(gate);
  const onHold = vi.fn();
  const keeper = new WalKeeper(thread.checkpoint, gate, { ...OPTIONS, onHold });
  const released = vi.fn();
  const cycle = keeper.cycle();
  await thread.answer(500, 480);
  await settled();
  expect(gate.held).toBe(true);
  gate.onRelease(released);
  await vi.advanceTimersByTimeAsync(OPTIONS.holdCapMs - 1);
  expect(released).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(await cycle).toBe('timed-out');
  expect(released).toHaveBeenCalledOnce();
  expect(gate.held).toBe(false);
  expect(onHold).toHaveBeenCalledExactlyOnceWith('timed-out', expect.any(Number));
});

test('after a catch-up the next waits a while, longer after each, until the WAL is small again', async () => {
  let now = 0;
  let log = 0;
  const gate = new CommitGate();
  // Every answer is one frame behind: every catch-up fails.
  const checkpoint = async () => ({ busy: 0, log, checkpointed: log - 1 });
  const keeper = new WalKeeper(checkpoint, gate, { ...OPTIONS, now: () => now });
  const cycleAt = (at: number, frames: number) => {
    now = at;
    log = frames;
    return keeper.cycle();
  };
  expect(await cycleAt(0, 500)).toBe('behind');
  expect(await cycleAt(999, 500)).toBe('checked');
  expect(await cycleAt(1000, 500)).toBe('behind');
  expect(await cycleAt(2999, 500)).toBe('checked');
  expect(await cycleAt(3000, 500)).toBe('behind');
  // The longest wait is `maxBackoffMs`.
  expect(await cycleAt(6999, 500)).toBe('checked');
  expect(await cycleAt(7000, 500)).toBe('behind');
  expect(await cycleAt(11_000, 500)).toBe('behind');
  // A small WAL starts the waits over.
  expect(await cycleAt(12_000, 10)).toBe('checked');
  expect(await cycleAt(15_000, 500)).toBe('behind');
  expect(await cycleAt(16_000, 500)).toBe('behind');
});

test('a stopped keeper runs no more cycles', async () => {
  const gate = new CommitGate();
  const thread = fakeThread(gate);
  const keeper = new WalKeeper(thread.checkpoint, gate, OPTIONS);
  await keeper.stop();
  expect(await keeper.cycle()).toBe('checked');
  expect(thread.asked).toStrictEqual([]);
});

// A full disk fails checkpoints (SQLITE_FULL) for as long as it stays full. The cycle runs on a
// timer, so a rejection would be unhandled and end the process: it is `failed` instead, heard by
// `onFailure`, with the commits released if the catch-up held them.
test('a failed checkpoint fails the cycle quietly, releases a hold, and the next cycle tries again', async () => {
  const gate = new CommitGate();
  const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  const answers: (CheckpointResult | Error)[] = [full, { busy: 0, log: 500, checkpointed: 400 }, full];
  const heldWhenAsked: boolean[] = [];
  const checkpoint = async (_kind: CheckpointKind) => {
    heldWhenAsked.push(gate.held);
    const answer = answers.shift()!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const onFailure = vi.fn();
  const keeper = new WalKeeper(checkpoint, gate, { ...OPTIONS, onFailure });
  expect(await keeper.cycle()).toBe('failed');
  expect(await keeper.cycle()).toBe('failed');
  expect(heldWhenAsked).toStrictEqual([false, false, true]);
  expect(gate.held).toBe(false);
  expect(onFailure.mock.calls).toStrictEqual([[full], [full]]);
});
