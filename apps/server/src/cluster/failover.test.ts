import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedDeals } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { type Cluster, type ClusterNode, failoverScenario, renewalLostScenario } from './failover.scenario.ts';

const LEASE_MS = 5000;
const dir = mkdtempSync(join(tmpdir(), 'scorpion-owner-'));
/** One clock for both processes, moved only by the test: a lease lapses when the test says. */
let clock = Date.now();
const servers = new Map<string, RunningServer>();

async function node(id: string): Promise<ClusterNode> {
  const server = await startServer({
    databasePath: join(dir, 'scorpion.db'),
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

let cluster: Cluster;

beforeAll(async () => {
  const a = await node('node-a');
  const b = await node('node-b');
  cluster = {
    a,
    b,
    leaseMs: LEASE_MS,
    repos: servers.get('node-a')!.app.services.repos,
    tick: async (n) => {
      await servers.get(n.id)!.app.services.hub.tickLeases();
    },
    advance: async (ms) => {
      clock += ms;
    },
  };
});
afterAll(async () => {
  for (const server of servers.values()) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('one owner per room: redirect, takeover after the lease with the gap credited, fenced split brain', async () => {
  await failoverScenario(cluster);
  // The old owner holds nothing any more; the new one still has the room (its members are here).
  expect(servers.get('node-a')!.app.services.hub.loaded.rooms).toBe(0);
});

test('an owner whose renewal finds its room taken over drops it and sends its players to the new owner', async () => {
  await renewalLostScenario(cluster);
  expect(servers.get('node-a')!.app.services.hub.loaded.rooms).toBe(0);
});
