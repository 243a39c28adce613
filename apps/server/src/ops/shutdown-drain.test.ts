import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientMessage, ServerMessage } from '@scorpion/protocol';
import { afterAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { startServer } from '../test/helper.ts';
import { someLegalMove } from '../test/play.ts';
import { RESTART_CLOSE_CODE } from './shutdown.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-drain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('close during a move: that move is stored and acked before 1012; a frame sent meanwhile is not taken', async () => {
  const databasePath = join(dir, 'scorpion.db');
  let server = await startServer({ databasePath });
  const { cookie } = await signUp(server.url, 'Drain Dora');
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const game = (await client.next('game')).game;
  const first = someLegalMove(game, 'first')!;

  // The shutdown begins while the server is inside the first move, before its write; the
  // client sends a second move then, which arrives while the server drains.
  const games = server.app.games;
  const act = games.act.bind(games);
  let closing: Promise<void> | undefined;
  games.act = (...args) => {
    closing = server.close();
    const second: ClientMessage = { type: 'move', gameId: game.gameId, expect: 1, move: first };
    client.send(second);
    return new Promise((resolve) => setTimeout(resolve, 50)).then(() => act(...args));
  };
  client.send({ type: 'move', gameId: game.gameId, expect: 0, move: first });
  expect((await client.closed).code).toBe(RESTART_CLOSE_CODE);
  await closing;

  const replies = client.frames.map((f) => JSON.parse(f) as ServerMessage).filter((f) => f.type !== 'game');
  expect(replies.map((f) => f.type)).toEqual(['welcome', 'ack']);
  expect(replies[1]).toMatchObject({ type: 'ack', seq: 1, duplicate: false });

  server = await startServer({ databasePath });
  const again = await TestClient.connect(server.wsUrl, cookie);
  again.send({ type: 'game-resume', gameId: game.gameId });
  expect((await again.next('game')).game.seq).toBe(1);
  await again.close();
  await server.close();
});
