import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { type Answer, Client, Connection } from './connection.svelte.ts';
import { errorFrame, roomState as room, socket, stubBrowser } from './fakeSocket.ts';

const refusal = errorFrame;

let connection: Connection;
beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser('/r/ABC234');
  connection = new Connection();
  connection.start();
  socket().welcome();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('an answer settles the request whose rid it echoes, and still reaches whoever hears its type', async () => {
  const rooms: string[] = [];
  connection.on('room', (m) => rooms.push(m.room.code));
  const joinA = connection.request({ type: 'room-join', code: 'ABC234' });
  const joinB = connection.request({ type: 'room-join', code: 'DEF567' });
  const [a, b] = socket().sent;
  expect(a!.rid).not.toBe(b!.rid);
  // Answered out of order: each by its own id.
  socket().deliver({ type: 'room', room: room('DEF567'), rid: b!.rid });
  socket().deliver({ type: 'room', room: room('ABC234'), rid: a!.rid });
  const answers = await Promise.all([joinA, joinB]);
  expect(answers.map((x) => x.ok && x.frame.type === 'room' && x.frame.room.code)).toEqual(['ABC234', 'DEF567']);
  expect(rooms).toEqual(['DEF567', 'ABC234']);
});

test('a refusal settles its own request only, and no listener hears it', async () => {
  const heard: string[] = [];
  connection.listen((m) => heard.push(m.type));
  const start = connection.request({ type: 'room-start', code: 'ABC234' });
  const leave = connection.request({ type: 'room-leave', code: 'ABC234' });
  const [, sentLeave] = socket().sent;
  socket().deliver(refusal(sentLeave!.rid, 'not-in-room', 'room-leave'));
  const answer = await leave;
  expect(answer.ok === false && answer.refusal.type === 'error' && answer.refusal.code).toBe('not-in-room');
  expect(heard).toEqual([]);
  // The start is still waiting: nothing answered it.
  let settled = false;
  void start.then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);
});

test('pushes (no rid) go to the subscribers of their type, errors no request asked for too', () => {
  const rooms: string[] = [];
  const errors: string[] = [];
  connection.on('room', (m) => rooms.push(m.room.code));
  connection.on('error', (m) => errors.push(m.code));
  socket().deliver({ type: 'room', room: room('ABC234') });
  socket().deliver(refusal(undefined, 'stale', 'move'));
  socket().deliver({ type: 'room', room: room('ABC234'), rid: 'nobody-asked' });
  expect(rooms).toEqual(['ABC234', 'ABC234']);
  expect(errors).toEqual(['stale']);
});

test('asked offline, a request settles as offline at once; asked with `again`, it goes once the socket is back', async () => {
  socket().close();
  const lost = await connection.request({ type: 'room-start', code: 'ABC234' });
  expect(lost).toEqual({ ok: false, refusal: { type: 'offline' } });
  const join = connection.request({ type: 'daily-join' }, { again: true });
  vi.advanceTimersByTime(10_000);
  socket().welcome();
  const [sent] = socket().sent;
  expect(sent?.type).toBe('daily-join');
  socket().deliver(refusal(sent!.rid, 'solver-unavailable', 'daily-join'));
  const answer = await join;
  expect(answer.ok).toBe(false);
});

test('a dropped socket settles what it lost as offline, and resends what is asked again, after the pages resume', async () => {
  const order: string[] = [];
  connection.onReady(() => connection.send({ type: 'room-join', code: 'ABC234' }));
  const watch = connection.request({ type: 'race-watch', code: 'ABC234', playerId: 'p2' }, { again: true });
  const start = connection.request({ type: 'room-start', code: 'ABC234' });
  void watch.then((a) => order.push(`watch ${a.ok}`));
  const first = socket();
  first.close();
  expect(await start).toEqual({ ok: false, refusal: { type: 'offline' } });
  vi.advanceTimersByTime(10_000);
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['room-join', 'race-watch']);
  const rid = socket().sent[1]!.rid;
  expect(rid).toBe(first.sent.find((m) => m.type === 'race-watch')!.rid);
  socket().deliver(refusal(rid, 'not-racing', 'race-watch'));
  await watch;
  expect(order).toEqual(['watch false']);
});

test('a disposed client hears nothing more, and its requests are forgotten, not sent again', async () => {
  const client = new Client(connection);
  const heard: string[] = [];
  client.on('room', (m) => heard.push(m.room.code));
  let answer: Answer | undefined;
  void client.request({ type: 'challenge-start', code: 'abcdefghij' }, true).then((a) => (answer = a));
  client.dispose();
  socket().close();
  vi.advanceTimersByTime(10_000);
  socket().welcome();
  socket().deliver({ type: 'room', room: room('ABC234') });
  await Promise.resolve();
  expect(socket().sent).toEqual([]);
  expect(heard).toEqual([]);
  expect(answer).toBeUndefined();
});

test('a request a page makes on reconnection goes once, not again with those that waited', () => {
  connection.onReady(() => void connection.request({ type: 'room-join', code: 'ABC234' }));
  socket().close();
  vi.advanceTimersByTime(10_000);
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['room-join']);
});
