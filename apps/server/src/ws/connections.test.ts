import type { AddressInfo } from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendFrame, textFrame } from './connections.ts';

const servers: WebSocketServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((done) => server.close(done));
  }
});

/** A ws server (compression offered or not) and a client on it; resolves with both ends, open. */
async function pair(perMessageDeflate: boolean) {
  const server = new WebSocketServer({ port: 0, perMessageDeflate });
  servers.push(server);
  await new Promise((done) => server.once('listening', done));
  const port = (server.address() as AddressInfo).port;
  const serverSide = new Promise<WebSocket>((done) => server.once('connection', done));
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
  const received: string[] = [];
  client.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    received.push(data.toString());
  });
  await new Promise((done) => client.once('open', done));
  return { socket: await serverSide, client, received };
}

// Lengths at each header size's edges, with characters of one to four bytes in UTF-8.
const frames = [
  '',
  'a',
  `${'é'.repeat(62)}a`, // 125 bytes
  'x'.repeat(126),
  '€'.repeat(21_845), // 65,535 bytes
  'x'.repeat(65_536),
  `${'🂡'.repeat(20_000)}{"type":"ack"}`,
];

test('a frame written as one buffer is what ws would have framed', () => {
  for (const frame of frames) {
    const buffer = textFrame(frame);
    const length = Buffer.byteLength(frame);
    expect(buffer[0]).toBe(0x81);
    const offset = length < 126 ? 2 : length < 65536 ? 4 : 10;
    const declared =
      offset === 2 ? buffer[1] : offset === 4 ? buffer.readUInt16BE(2) : Number(buffer.readBigUInt64BE(2));
    expect(buffer[1]).toBe(offset === 2 ? length : offset === 4 ? 126 : 127);
    expect(declared).toBe(length);
    expect(buffer.subarray(offset).toString('utf8')).toBe(frame);
  }
});

test.each([false, true])('frames reach the client whole and in order (compression offered: %s)', async (deflate) => {
  const { socket, client, received } = await pair(deflate);
  const sent = vi.spyOn(socket, 'send');
  // ws's own writes (a ping, a send) between ours keep their places.
  for (const frame of frames) {
    sendFrame(socket, frame);
    socket.ping();
  }
  socket.send('by ws');
  sendFrame(socket, 'last');
  await expect.poll(() => received.length).toBe(frames.length + 2);
  expect(received).toEqual([...frames, 'by ws', 'last']);
  // Without compression every frame but ws's own went out as one buffer; with it, through ws.
  expect(sent).toHaveBeenCalledTimes(deflate ? frames.length + 2 : 1);
  client.close();
});

test('nothing is written to a socket that is closing', async () => {
  const { socket, client, received } = await pair(false);
  socket.close(1000, 'bye');
  sendFrame(socket, 'too late');
  await new Promise((done) => client.once('close', done));
  expect(received).toEqual([]);
});
