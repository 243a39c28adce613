import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppOptions } from '../../app.ts';
import { fixedDeals } from '../../test/deals.ts';
import { type RunningServer, startServer } from '../../test/helper.ts';
import { freePort } from '../launcher/engines/ports.ts';
import { type RunningPostgres, startPostgres } from '../launcher/engines/postgres.ts';
import {
  type Cluster,
  type ClusterNode,
  failoverScenario,
  rejoinBeforeTakeoverScenario,
  renewalLostScenario,
} from './failover.scenario.ts';

const LEASE_MS = 5000;
const dir = mkdtempSync(join(tmpdir(), 'scorpion-owner-'));
const pgDir = mkdtempSync(join(tmpdir(), 'scorpion-owner-pg-'));
let postgres: RunningPostgres | undefined;

afterAll(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(pgDir, { recursive: true, force: true });
});

/** Where both processes keep everything: one SQLite file, or one real PostgreSQL database. */
const stores: [string, () => Promise<Partial<AppOptions>>][] = [
  ['one SQLite file', async () => ({ databasePath: join(dir, 'scorpion.db') })],
  [
    'one PostgreSQL',
    async () => {
      postgres = await startPostgres({ dir: pgDir, port: await freePort(), durable: false });
      return { databaseUrl: postgres.url };
    },
  ],
];

describe.each(stores)('two apps on %s', (_name, store) => {
  /** One clock for both processes, moved only by the test: a lease lapses when the test says. */
  let clock = Date.now();
  const servers = new Map<string, RunningServer>();
  let cluster: Cluster;

  async function node(id: string, where: Partial<AppOptions>): Promise<ClusterNode> {
    const server = await startServer({
      ...where,
      nodeId: id,
      // Renewals happen only when the test ticks: stopping them is not ticking.
      lease: { leaseMs: LEASE_MS, renewMs: 0 },
      now: () => clock,
      deals: fixedDeals,
      countdownMs: 0,
      absentGraceMs: 600_000,
    });
    servers.set(id, server);
    return { id, url: server.url, wsUrl: server.wsUrl };
  }

  beforeAll(async () => {
    const where = await store();
    const a = await node('node-a', where);
    const b = await node('node-b', where);
    cluster = {
      a,
      b,
      leaseMs: LEASE_MS,
      repos: servers.get('node-a')!.app.repos,
      tick: async (n) => {
        await servers.get(n.id)!.app.hub.tickLeases();
      },
      advance: async (ms) => {
        clock += ms;
      },
    };
  }, 60_000);
  afterAll(async () => {
    for (const server of servers.values()) await server.close();
  });

  test('one owner per room: redirect, takeover after the lease with the gap credited, fenced split brain', async () => {
    await failoverScenario(cluster);
    // The old owner holds nothing any more; the new one still has the room (its members are here).
    expect(servers.get('node-a')!.app.hub.loaded.rooms).toBe(0);
  });

  test('an owner whose renewal finds its room taken over drops it and sends its players to the new owner', async () => {
    await renewalLostScenario(cluster);
    expect(servers.get('node-a')!.app.hub.loaded.rooms).toBe(0);
  });

  test("a racer back before any takeover is let in where the socket landed: the join takes the room, the game's resume waits for it", async () => {
    await rejoinBeforeTakeoverScenario(cluster);
  });
});
