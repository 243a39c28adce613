import { WebSocketServer } from 'ws';
import { flag } from './flag.ts';

/**
 * The floor of the WebSocket load bench: a bare `ws` server with no game behind it. It answers
 * every frame with one the size of a move's ack, which carries the race's progress: a racer
 * who keeps moving gets no `race-progress` frame of its own from the real server, and every
 * player of the bench keeps moving. Prints its port.
 *
 * `--work-us N`: it first keeps its CPU busy for N µs a frame, the real server's CPU time an
 * action with none of its pauses (collections, commits held, timers): the round trip that so
 * much work alone would give on this machine (vs-floor.ts).
 */
const ACK = JSON.stringify({ type: 'ack', filler: 'x'.repeat(550) });
const workMs = Number(flag('work-us', '0')) / 1000;

const server = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: 4096 });
server.on('listening', () => console.log(`listening on ${(server.address() as { port: number }).port}`));
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    JSON.parse(data.toString());
    const until = performance.now() + workMs;
    while (performance.now() < until);
    socket.send(ACK);
  });
});
