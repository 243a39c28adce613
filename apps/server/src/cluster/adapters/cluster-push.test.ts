import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { SIGNED_OUT } from '../../realtime/ports.ts';
import { TestClient } from '../../test/client.ts';
import { TestDevice } from '../../test/device.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { joinRoom, nicknamesOf, openRoom, type Player, players } from '../../test/rooms.ts';
import { Connections } from '../../ws/connections.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningRedis, startRedis } from '../launcher/engines/redis.ts';
import { ClusterPush } from './cluster-push.ts';
import { openRedis } from './redis-links.ts';

let dir: string;
let redis: RunningRedis;
let a: RunningServer;
let b: RunningServer;

// Two app instances on one SQLite file and one real Redis: two processes of a cluster, in one.
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cluster-push-'));
  redis = await startRedis({ dir: join(dir, 'redis'), port: await freePort() });
  const databasePath = join(dir, 'scorpion.db');
  a = await startServer({ databasePath, redisUrl: redis.url, nodeId: 'a' });
  b = await startServer({ databasePath, redisUrl: redis.url, nodeId: 'b' });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const presentOn = (server: RunningServer, playerId: string) => server.app.push.connected(playerId);

describe('pushes and presence across processes', () => {
  let host: Player;
  let guest: Player;

  it('knows on B a player whose socket is on A, and forgets them when it closes', async () => {
    host = (await players(a, 'Hostess'))[0]!;
    await vi.waitFor(() => expect(presentOn(b, host.id)).toBe(true));
    // A's own sockets are its own: B's sockets hold nobody yet.
    expect(b.app.connections.connected(host.id)).toBe(false);

    // Online everywhere, as the quick-race queue counts it: once each, from either process.
    const [other] = await players(b, 'Elsewhere');
    const online = (server: RunningServer) => (server.app.push as ClusterPush).online();
    await vi.waitFor(() => expect([online(a), online(b)]).toStrictEqual([2, 2]));
    await other!.client.close();
    await vi.waitFor(() => expect([online(a), online(b)]).toStrictEqual([1, 1]));

    host.client.socket.close();
    await vi.waitFor(() => expect(presentOn(b, host.id)).toBe(false));
    host = (await players(a, 'Hostess2'))[0]!;
    await vi.waitFor(() => expect(presentOn(b, host.id)).toBe(true));
  });

  it("delivers to a socket on B the room frame made on A, the room's owner", async () => {
    // A owns the room it made; the guest joins there (a room page's socket goes to the owner)…
    const code = await openRoom(host.client);
    guest = (await players(a, 'Gwen'))[0]!;
    expect(nicknamesOf(await joinRoom(guest.client, code))).toEqual(['Hostess2', 'Gwen']);
    // …then browses elsewhere: the guest's only socket is now on B, which does not own the room.
    guest.client.socket.close();
    guest.client = await TestClient.connect(b.wsUrl, guest.cookie);
    await vi.waitFor(() => expect(presentOn(a, guest.id)).toBe(true));
    // A third player joins on A: the frame listing them crosses from A to the guest on B through Redis.
    const [third] = await players(a, 'Third');
    await joinRoom(third!.client, code);
    const seenOnB = await guest.client.next('room', (f) => f.room.members.length === 3);
    expect(nicknamesOf(seenOnB.room)).toEqual(['Hostess2', 'Gwen', 'Third']);
    expect(seenOnB.room.members.find((m) => m.nickname === 'Gwen')?.connected).toBe(true);
  });
});

describe('signing a device out', () => {
  it("closes its socket on another process, and only that device's", async () => {
    const laptop = new TestDevice(a.url);
    expect((await laptop.call('POST', '/api/players', { nickname: 'Roaming Rita' })).status).toBe(201);
    const { code } = (await laptop.call('POST', '/api/link-codes')).body as { code: string };
    // The phone signs in through B and keeps its socket there; the laptop's socket is on A.
    const phone = new TestDevice(b.url);
    expect((await phone.call('POST', '/api/link', { code })).status).toBe(200);
    const phoneSocket = await TestClient.connect(b.wsUrl, phone.cookie!);
    const laptopSocket = await TestClient.connect(a.wsUrl, laptop.cookie!);
    const { devices } = (await laptop.call('GET', '/api/devices')).body as {
      devices: { id: string; current: boolean }[];
    };
    const phoneId = devices.find((d) => !d.current)!.id;

    expect((await laptop.call('DELETE', `/api/devices/${phoneId}`)).status).toBe(200);
    expect(await phoneSocket.closed).toStrictEqual({ code: SIGNED_OUT, reason: 'signed out' });
    laptopSocket.send({ type: 'ping', id: 7 });
    expect((await laptopSocket.next('pong')).id).toBe(7);
    laptopSocket.socket.close();
  });
});

describe('a node that dies', () => {
  it('leaves no ghost presence once its set has expired', async () => {
    const links = await openRedis(redis.url);
    const sockets = new Connections();
    const doomed = new ClusterPush(sockets, {
      nodeId: 'doomed',
      redis: links.commands,
      subscriber: links.subscriber,
      ttlMs: 300,
      refreshMs: 100_000,
    });
    await doomed.start();
    sockets.add('ghost-player', { readyState: 1, send() {} } as unknown as WebSocket);
    await vi.waitFor(() => expect(presentOn(a, 'ghost-player')).toBe(true));

    // Killed: no goodbye, no more refreshes, its connections simply gone.
    links.commands.disconnect();
    links.subscriber.disconnect();
    // Once Redis has expired the set, each node's next refresh (every 3 s) drops the player.
    await vi.waitFor(() => expect(presentOn(a, 'ghost-player') || presentOn(b, 'ghost-player')).toBe(false), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
