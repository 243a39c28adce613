import { existsSync, statSync } from 'node:fs';
import type { GameSnapshot, ServerMessage } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { childServers } from '../test/child-servers.ts';
import { signUp, TestClient } from '../test/client.ts';
import { playOn, safeMove } from '../test/play.ts';
import { RESTART_CLOSE_CODE, RESTART_CLOSE_REASON } from './shutdown.ts';

const servers = childServers('sigterm', { CERTIFY: 'none' });
const { databasePath } = servers;

/** The restarted server's clock is this far ahead: as if it had been down that long. */
const DOWN_MS = 3 * 60_000;
/** A practice deal with a dozen safe moves in a row: the moves below are the same on every run. */
const SEED = '5eed0000000000000000000000000001';

test('SIGTERM mid-game: the move in flight is acked or not stored, 1012, exit 0, WAL checkpointed; the game resumes at the same move and the downtime is not on the clock', async () => {
  let server = await servers.start();
  const { cookie } = await signUp(server.url, 'Term Tess');
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({
    type: 'practice-start',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    seed: SEED,
  });
  const game = await playOn(client, (await client.next('game')).game, 5);
  const knownAt = Date.now();

  // One move still in flight as the signal lands: it is either stored and acked before the
  // close, or refused unstored; never stored without its ack.
  client.send({ type: 'move', gameId: game.gameId, expect: game.seq, move: safeMove(game) });
  server.process.kill('SIGTERM');
  expect(await client.closed).toEqual({ code: RESTART_CLOSE_CODE, reason: RESTART_CLOSE_REASON });
  // Exit 0 is a clean close; past the deadline the process exits 1 (shutdown.ts), whatever the load.
  expect(await server.exited).toBe(0);
  const wal = `${databasePath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  const frames = client.frames.map((f) => JSON.parse(f) as ServerMessage);
  const ack = frames.find((f) => f.type === 'ack' && f.seq === game.seq + 1);

  server = await servers.start({ clockAheadMs: DOWN_MS });
  const again = await TestClient.connect(server.wsUrl, cookie);
  expect(again.welcome.games).toContainEqual({ gameId: game.gameId, kind: 'practice', roomCode: null });
  again.send({ type: 'game-resume', gameId: game.gameId });
  const resumed: GameSnapshot = (await again.next('game')).game;
  const resumedAt = Date.now();
  expect(resumed.seq).toBe(ack ? game.seq + 1 : game.seq);
  expect(resumed.status).toBe('playing');
  // The three minutes the server was down by its clock are not on the game's: it grew by no
  // more than the real time between the last ack and the resume.
  expect(resumed.elapsedMs - game.elapsedMs).toBeLessThanOrEqual(resumedAt - knownAt);
  expect(resumed.elapsedMs).toBeGreaterThanOrEqual(game.elapsedMs);

  // And play goes on from there.
  const next = await again.play(resumed, [safeMove(resumed)]);
  expect(next.seq).toBe(resumed.seq + 1);
  await again.close();
  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}, 60_000);
