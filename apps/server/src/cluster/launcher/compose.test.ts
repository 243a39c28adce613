import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configFromEnv, REPO_ROOT } from '../../config.ts';
import { nodeEnvironment } from './cluster.ts';
import { COMPOSE_HAPROXY_FILE, COMPOSE_NODES, composeHaproxyConfig } from './compose-haproxy.ts';
import { checkHaproxyConfig } from './engines/haproxy.ts';

/*
 * No Docker engine runs where we test, so the compose `cluster` profile is held to what can be
 * checked here: its HAProxy file is the launcher's generator's output and HAProxy accepts it,
 * and its server processes are told what `pnpm cluster` tells its own.
 */

interface Service {
  profiles?: string[];
  image?: string;
  environment?: Record<string, string>;
  depends_on?: string[] | Record<string, unknown>;
  volumes?: string[];
  ports?: string[];
}
const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const dependencies = (s: Service) => (Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {}));

describe('docker-compose.yml', () => {
  it('runs the single SQLite service by default and the cluster only under the `cluster` profile', () => {
    const byDefault = Object.keys(services).filter((name) => !services[name]!.profiles);
    expect(byDefault).toEqual(['scorpion']);
    const cluster = Object.keys(services).filter((name) => services[name]!.profiles?.includes('cluster'));
    expect(cluster.sort()).toEqual(['haproxy', 'postgres', 'redis', ...COMPOSE_NODES].sort());
    expect(services.postgres!.image).toBe('postgres:15');
    expect(services.haproxy!.image).toBe('haproxy:2.6');
  });

  it('starts the whole cluster from `up haproxy`: HAProxy needs the three servers, they need PostgreSQL and Redis', () => {
    expect(dependencies(services.haproxy!).sort()).toEqual([...COMPOSE_NODES]);
    for (const id of COMPOSE_NODES) expect(dependencies(services[id]!).sort()).toEqual(['postgres', 'redis']);
  });

  it("mounts deploy/haproxy.cfg, which is the launcher's generator's output and which HAProxy 2.6 accepts", async () => {
    expect(services.haproxy!.volumes).toContain(`./${COMPOSE_HAPROXY_FILE}:/usr/local/etc/haproxy/haproxy.cfg:ro`);
    const committed = readFileSync(join(REPO_ROOT, COMPOSE_HAPROXY_FILE), 'utf8');
    expect(committed, 'deploy/haproxy.cfg is stale: run `pnpm cluster:config`').toBe(composeHaproxyConfig());
    await checkHaproxyConfig(join(REPO_ROOT, COMPOSE_HAPROXY_FILE));
  });

  it('tells each server what the launcher tells its own, its NODE_ID the name HAProxy routes by', () => {
    const launcher = nodeEnvironment({
      base: {},
      id: 'node-1',
      port: 1,
      databaseUrl: 'postgres://x',
      redisUrl: 'redis://x',
      secret: 'x',
    });
    for (const id of COMPOSE_NODES) {
      const env = services[id]!.environment!;
      // The image sets HOST; SCORPION_SECRET comes from .env.
      const told = [...Object.keys(env), 'HOST', 'SCORPION_SECRET'];
      expect(told.sort()).toEqual(Object.keys(launcher).sort());
      const config = configFromEnv({ ...env, SCORPION_SECRET: 'a'.repeat(32) });
      expect(config.nodeId).toBe(id);
      expect(config.port).toBe(8080);
      expect(config.trustProxy).toBe(true);
    }
  });
});
