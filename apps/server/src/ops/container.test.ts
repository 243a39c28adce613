import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { configFromEnv, REPO_ROOT } from '../config.ts';
import { SERVER_NODE_FLAGS } from '../node-flags.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import {
  durationMs,
  execForm,
  parseAssignments,
  parseDockerfile,
  parseYaml,
  type Stage,
  type Yaml,
} from './container-files.ts';
import { SHUTDOWN_DEADLINE_MS } from './shutdown.ts';

/*
 * No Docker engine runs where we test, so this holds the Dockerfile and docker-compose.yml to
 * what the server really does: its port, its routes, its entry file, its database path and its
 * shutdown deadline. When one side changes, this fails until the other follows.
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1)!;
const compose = parseYaml(read('docker-compose.yml')) as { [key: string]: Yaml };
const service = (compose.services as { [name: string]: { [key: string]: Yaml } }).scorpion!;
const defaults = configFromEnv({});

const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
const last = (stage: Stage, keyword: string) => all(stage, keyword).at(-1)?.args;
const runtimeEnv = Object.assign({}, ...all(runtime, 'ENV').map((i) => parseAssignments(i.args))) as Record<
  string,
  string
>;
const composeEnv = service.environment as Record<string, string>;
/** Where the server runs from in the image. */
const workdir = last(runtime, 'WORKDIR')!;
/** Where the image's /app comes from: the build stage copies the repository there. */
const APP = '/app';
const inImage = (workdir: string, path: string) => {
  const absolute = posix.resolve(workdir, path);
  expect(absolute.startsWith(`${APP}/`), `${absolute} is outside ${APP}`).toBe(true);
  return join(REPO_ROOT, posix.relative(APP, absolute));
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the port', () => {
  test('EXPOSE, ENV PORT, the published port and compose PORT are the server default', () => {
    const port = String(defaults.port);
    expect(last(runtime, 'EXPOSE')).toBe(port);
    expect(runtimeEnv.PORT).toBe(port);
    expect(composeEnv.PORT ?? port).toBe(port);
    const published = (service.ports as string[]).map((p) => p.split(':').at(-1));
    expect(published).toEqual([port]);
  });
});

describe('the health checks', () => {
  const dockerCheck = execForm(last(runtime, 'HEALTHCHECK')!.replace(/^(--\S+\s+)*CMD\s+/, ''));
  const composeCheck = (service.healthcheck as { test: string[] }).test;

  test('ask a GET route the server really has (every other path answers the web app with 200)', () => {
    for (const script of [dockerCheck.at(-1)!, composeCheck.at(-1)!]) {
      const path = /(\/[\w/-]+)'\)/.exec(script)?.[1];
      expect(path, script).toBe('/healthz');
      expect(server.app.hasRoute({ method: 'GET', url: path! })).toBe(true);
    }
  });

  test('run as written, they pass against a live server on the port they name', async () => {
    const port = new URL(server.url).port;
    const run = (argv: string[], env: Record<string, string>) =>
      promisify(execFile)(argv[0]!, argv.slice(1), { env: { ...process.env, ...env }, timeout: 5000 });
    expect(dockerCheck.slice(0, 2)).toEqual(['node', '-e']);
    await run(dockerCheck, { PORT: port });
    expect(composeCheck.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    const script = composeCheck[3]!;
    expect(script).toContain(`127.0.0.1:${defaults.port}/`);
    await run(['node', '-e', script.replace(`127.0.0.1:${defaults.port}/`, `127.0.0.1:${port}/`)], {});
  });
});

describe('the database', () => {
  test('DATABASE_PATH lies on the declared volume, in the image and in compose', () => {
    const volumes = execForm(last(runtime, 'VOLUME')!);
    expect(volumes.some((v) => runtimeEnv.DATABASE_PATH!.startsWith(`${v}/`))).toBe(true);
    const mounts = (service.volumes as string[]).map((v) => v.split(':'));
    const path = composeEnv.DATABASE_PATH ?? runtimeEnv.DATABASE_PATH!;
    const mount = mounts.find(([, target]) => path.startsWith(`${target}/`));
    expect(mount, `no volume holds ${path}`).toBeDefined();
    expect(Object.keys(compose.volumes as object)).toContain(mount![0]);
    // The non-root user must own it, or the first start cannot create the file.
    const setup = all(runtime, 'RUN').map((i) => i.args);
    expect(setup.some((cmd) => cmd.includes(`chown node:node ${volumes[0]}`))).toBe(true);
  });

  test('no local database or dependency tree is sent to the build', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '*.db', '*.db-wal', '*.db-shm', 'data'])
      expect(ignored).toContain(pattern);
    for (const needed of ['drizzle', 'apps', 'packages', 'scripts', 'pnpm-lock.yaml'])
      expect(ignored).not.toContain(needed);
  });
});

describe('the process', () => {
  test('CMD runs the entry file that `pnpm start` runs, from the server package, with the same node flags', () => {
    const cmd = execForm(last(runtime, 'CMD')!);
    const flags = SERVER_NODE_FLAGS.length;
    expect(cmd.slice(0, 3 + flags)).toEqual(['node', ...SERVER_NODE_FLAGS, '--import', 'tsx']);
    expect(cmd).toHaveLength(4 + flags);
    const entry = cmd[3 + flags]!;
    expect(existsSync(inImage(workdir, entry))).toBe(true);
    expect(inImage(workdir, '.')).toBe(join(REPO_ROOT, 'apps/server'));
    const start = JSON.parse(read('apps/server/package.json')).scripts.start as string;
    expect(start).toBe(cmd.join(' '));
  });

  test('runs as a non-root user on the slim image of the Node the tests run on', () => {
    const user = last(runtime, 'USER');
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(runtime.from).toBe(`node:${process.versions.node.split('.')[0]}-bookworm-slim`);
    expect(runtimeEnv.NODE_ENV).toBe('production');
  });

  test('compose restarts it, gives it longer than its shutdown deadline, and sends SIGTERM', () => {
    expect(['always', 'unless-stopped', 'on-failure']).toContain(service.restart);
    expect(durationMs(service.stop_grace_period as string)).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
    expect(service.stop_signal ?? 'SIGTERM').toBe('SIGTERM');
    expect(service.build).toBe('.');
  });
});

describe('the build', () => {
  test('the image builds with the very script CI runs', () => {
    const script = 'bash scripts/install-and-build.sh';
    expect(all(stages[0]!, 'RUN').map((i) => i.args)).toContain(script);
    expect(read('.ci/run').split('\n')).toContain(script);
  });

  test('the runtime gets production dependencies only, installed fresh', () => {
    const copies = all(runtime, 'COPY').map((i) => /--from=(\S+)/.exec(i.args)?.[1]);
    expect(copies.length).toBeGreaterThan(0);
    for (const from of copies) {
      const source = stages.find((s) => s.name === from);
      expect(source, `COPY --from=${from}`).toBeDefined();
      const install = all(source!, 'RUN').find((i) => /\bpnpm install\b/.test(i.args))?.args ?? '';
      expect(install).toMatch(/--prod\b/);
      expect(install).toMatch(/--frozen-lockfile\b/);
      // The dev dependencies the build stage installed are gone before the production install.
      expect(install.indexOf('rm -rf node_modules')).toBeGreaterThanOrEqual(0);
      expect(install.indexOf('rm -rf node_modules')).toBeLessThan(install.indexOf('pnpm install'));
    }
  });
});

describe('the documented in-container backup', () => {
  test('names a file the image has and writes onto the volume', () => {
    const doc = read('docs/operations.md');
    const command = /docker compose exec scorpion (node --import tsx (\S+) (\S+))/.exec(doc);
    expect(command, 'docs/operations.md shows the in-container backup command').not.toBeNull();
    expect(existsSync(inImage(workdir, command![2]!))).toBe(true);
    expect(command![3]!.startsWith(`${execForm(last(runtime, 'VOLUME')!)[0]}/`)).toBe(true);
  });
});
