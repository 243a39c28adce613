import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, socket, stubBrowser } from '../net/fakeSocket.ts';
import { QuickPage } from './quick.svelte.ts';

const queue = (entryId: string, patch: Record<string, unknown> = {}) => ({
  type: 'queue',
  entryId,
  status: 'waiting',
  reason: null,
  variant: 'scorpion',
  options: { foundations: false, open: true },
  since: 0,
  waiting: 1,
  online: 3,
  band: 100,
  serverTime: 0,
  ...patch,
});

let connection: Connection;
let went: string[];
let page: QuickPage;

function open(again = false) {
  page = new QuickPage(connection, {
    session: { ensurePlayer: async () => true },
    choice: () => ({ variant: 'scorpion', options: { foundations: false, open: true } }),
    go: (path) => went.push(path),
    again,
  });
  return page;
}

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser('/quick');
  connection = new Connection();
  connection.start();
  went = [];
});
afterEach(() => {
  page.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('the join is answered with this tab’s entry; the match for that entry opens the race', async () => {
  socket().welcome();
  const page = open();
  await page.start();
  const [join] = socket().sent;
  expect(join).toMatchObject({ type: 'queue-join', variant: 'scorpion', options: { foundations: false, open: true } });
  expect(page.phase).toBe('joining');
  socket().deliver({ ...queue('e1'), rid: join!.rid });
  expect(page.phase).toBe('waiting');
  socket().deliver({ type: 'queue-matched', entryId: 'other-tab', code: 'ABC234', players: [] });
  socket().deliver({ type: 'queue-matched', entryId: 'e1', code: 'DEF567', players: [] });
  expect(went).toEqual(['/r/DEF567?quick']);
});

test('a refused join says why and waits for nothing', async () => {
  socket().welcome();
  const page = open();
  await page.start();
  socket().deliver(errorFrame(socket().sent[0]!.rid, 'race-running', 'queue-join'));
  await vi.advanceTimersByTimeAsync(0);
  expect(page.phase).toBe('idle');
  await vi.waitFor(() => expect(page.failure).toBe('A race is running already.'));
});

test('a join the server cannot take just now is sent again after its wait, and the page says so meanwhile', async () => {
  socket().welcome();
  const page = open();
  await page.start();
  socket().deliver({ ...errorFrame(socket().sent[0]!.rid, 'unavailable', 'queue-join'), retryAfter: 1 });
  await vi.advanceTimersByTimeAsync(0);
  expect([page.phase, page.failure]).toEqual(['joining', 'The queue is catching up: joining again in a moment.']);
  await vi.advanceTimersByTimeAsync(999);
  expect(socket().sent.map((m) => m.type)).toEqual(['queue-join']);
  await vi.advanceTimersByTimeAsync(1);
  expect(socket().sent.map((m) => m.type)).toEqual(['queue-join', 'queue-join']);
  socket().deliver({ ...queue('e1'), rid: socket().sent[1]!.rid });
  expect([page.phase, page.failure]).toEqual(['waiting', '']);
});

test('"New opponent" waits again as soon as the socket is up; a reconnection joins again; leaving the page leaves the queue', async () => {
  const page = open(true);
  socket().welcome();
  await vi.advanceTimersByTimeAsync(0);
  expect(went).toEqual(['/quick']);
  expect(socket().sent.map((m) => m.type)).toEqual(['queue-join']);
  socket().deliver({ ...queue('e1'), rid: socket().sent[0]!.rid });
  socket().close();
  await vi.advanceTimersByTimeAsync(10_000);
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['queue-join']);
  page.dispose();
  expect(socket().sent.map((m) => m.type)).toEqual(['queue-join', 'queue-leave']);
});
