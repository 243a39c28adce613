import { dealFromSeed, newGame } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { type SolverWorker, solverClient } from './solver.ts';
import type { SolverReply, SolverRequest } from './solverMessages.ts';

/** A worker the test answers by hand, in any order. */
class FakeWorker implements SolverWorker {
  readonly received: SolverRequest[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<SolverReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(request: SolverRequest) {
    this.received.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: SolverReply) {
    this.onmessage?.({ data } as MessageEvent<SolverReply>);
  }
  crash(message: string) {
    this.onerror?.({ message } as ErrorEvent);
  }
}

const start = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', '0'.repeat(32)));

describe('solver client', () => {
  it('starts the worker on first use and gives each reply to its own caller', async () => {
    const workers: FakeWorker[] = [];
    const client = solverClient(() => {
      workers.push(new FakeWorker());
      return workers.at(-1)!;
    });
    expect(workers).toHaveLength(0);
    const hint = client.hint(start);
    const deal = client.winnableDeal('wasp', { foundations: true, open: false });
    expect(workers).toHaveLength(1);
    const [first, second] = workers[0]!.received;
    expect(first).toMatchObject({ task: 'hint', limits: {} });
    expect(second).toMatchObject({ task: 'winnable', variant: 'wasp', options: { foundations: true, open: false } });
    workers[0]!.reply({ id: second!.id, answer: { found: true, seed: 'ab'.repeat(16), stars: 2 } });
    workers[0]!.reply({ id: first!.id, answer: { kind: 'lost' } });
    expect(await hint).toEqual({ kind: 'lost' });
    expect(await deal).toEqual({ found: true, seed: 'ab'.repeat(16), stars: 2 });
  });

  it("turns the worker's error reply into a rejection", async () => {
    const worker = new FakeWorker();
    const client = solverClient(() => worker);
    const hint = client.hint(start);
    worker.reply({ id: worker.received[0]!.id, error: 'solve needs the full state' });
    await expect(hint).rejects.toThrow('solve needs the full state');
  });

  it('fails every waiting task when the worker dies, then starts a fresh one', async () => {
    const workers: FakeWorker[] = [];
    const client = solverClient(() => {
      workers.push(new FakeWorker());
      return workers.at(-1)!;
    });
    const a = client.hint(start);
    const b = client.winnableDeal('scorpion', { foundations: false, open: false });
    workers[0]!.crash('out of memory');
    await expect(a).rejects.toThrow('out of memory');
    await expect(b).rejects.toThrow('out of memory');
    expect(workers[0]!.terminated).toBe(true);

    const again = client.hint(start);
    expect(workers).toHaveLength(2);
    workers[1]!.reply({ id: workers[1]!.received[0]!.id, answer: { kind: 'won' } });
    expect(await again).toEqual({ kind: 'won' });
  });
});
