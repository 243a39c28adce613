import { join } from 'node:path';
import { expect, test } from 'vitest';
import { configFromEnv, REPO_ROOT } from './config.ts';

test('defaults: port 8080, the database under data/ at the repository root', () => {
  const config = configFromEnv({});
  expect(config.port).toBe(8080);
  expect(config.databasePath).toBe(join(REPO_ROOT, 'data/scorpion.db'));
  expect(config.secret).toBeUndefined();
});

test('environment overrides, and refuses nonsense', () => {
  expect(configFromEnv({ PORT: '0', DATABASE_PATH: '/tmp/x.db' })).toMatchObject({
    port: 0,
    databasePath: '/tmp/x.db',
  });
  expect(() => configFromEnv({ PORT: 'eighty' })).toThrow();
  expect(() => configFromEnv({ SCORPION_SECRET: 'short' })).toThrow(/SCORPION_SECRET/);
});

test('PORT: digits from 0 to 65535, empty counts as unset; nothing that Number() merely coerces', () => {
  expect(configFromEnv({ PORT: '' }).port).toBe(8080);
  expect(configFromEnv({ PORT: '18083' }).port).toBe(18083);
  for (const bad of [' ', ' 80', '0x50', '1e3', '8080.5', '-1', '65536']) {
    expect(() => configFromEnv({ PORT: bad })).toThrow(/PORT/);
  }
});

test('a misspelt word stops the start instead of quietly meaning the default (DATABASE_SYNC=fulll)', () => {
  expect(configFromEnv({})).toMatchObject({ databaseSync: 'normal', certify: 'solver', logLevel: 'info' });
  expect(configFromEnv({ DATABASE_SYNC: '', CERTIFY: '', LOG_LEVEL: '' })).toMatchObject({
    databaseSync: 'normal',
    certify: 'solver',
    logLevel: 'info',
  });
  expect(configFromEnv({ DATABASE_SYNC: 'full', CERTIFY: 'none', LOG_LEVEL: 'warn' })).toMatchObject({
    databaseSync: 'full',
    certify: 'none',
    logLevel: 'warn',
  });
  expect(() => configFromEnv({ DATABASE_SYNC: 'fulll' })).toThrow(
    'DATABASE_SYNC must be one of normal, full, not fulll',
  );
  expect(() => configFromEnv({ DATABASE_SYNC: 'FULL' })).toThrow(/DATABASE_SYNC/);
  expect(() => configFromEnv({ CERTIFY: 'off' })).toThrow(/CERTIFY/);
  expect(() => configFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
});

test('RACE_COUNTDOWN_MS: 3000 by default (or empty), whole milliseconds, never NaN', () => {
  expect(configFromEnv({}).countdownMs).toBe(3000);
  expect(configFromEnv({ RACE_COUNTDOWN_MS: '' }).countdownMs).toBe(3000);
  expect(configFromEnv({ RACE_COUNTDOWN_MS: '0' }).countdownMs).toBe(0);
  for (const bad of ['abc', '-5', '1.5', String(2 ** 31)]) {
    expect(() => configFromEnv({ RACE_COUNTDOWN_MS: bad })).toThrow(/RACE_COUNTDOWN_MS/);
  }
});

test('METRICS_TOKEN: off when unset, at least 16 characters when set', () => {
  expect(configFromEnv({}).metricsToken).toBeUndefined();
  expect(configFromEnv({ METRICS_TOKEN: 'scrape-me-scrape-me' }).metricsToken).toBe('scrape-me-scrape-me');
  expect(() => configFromEnv({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
});

test('an empty value (NAME= in a compose .env file) counts as unset', () => {
  const config = configFromEnv({ SCORPION_SECRET: '', METRICS_TOKEN: '' });
  expect(config.secret).toBeUndefined();
  expect(config.metricsToken).toBeUndefined();
});

test("TRUST_PROXY: off by default; true, a hop count or the proxies' addresses", () => {
  expect(configFromEnv({}).trustProxy).toBe(false);
  expect(configFromEnv({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  expect(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(configFromEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  expect(configFromEnv({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8');
});

test('RATE_LIMIT_SCALE: 1 by default (or empty), any positive number, nothing else', () => {
  expect(configFromEnv({}).rateLimitScale).toBe(1);
  expect(configFromEnv({ RATE_LIMIT_SCALE: '' }).rateLimitScale).toBe(1);
  expect(configFromEnv({ RATE_LIMIT_SCALE: '2.5' }).rateLimitScale).toBe(2.5);
  for (const bad of ['0', '-1', 'lots', 'Infinity']) {
    expect(() => configFromEnv({ RATE_LIMIT_SCALE: bad })).toThrow(/RATE_LIMIT_SCALE/);
  }
});

test('NODE_ID: unset (one process) by default or empty; a plain id, or the start fails naming it', () => {
  expect(configFromEnv({}).nodeId).toBeUndefined();
  expect(configFromEnv({ NODE_ID: '' }).nodeId).toBeUndefined();
  expect(configFromEnv({ NODE_ID: 'node-2' }).nodeId).toBe('node-2');
  for (const bad of ['two words', 'a'.repeat(65), 'é']) {
    expect(() => configFromEnv({ NODE_ID: bad })).toThrow(/NODE_ID/);
  }
});

test('REDIS_URL: unset by default (one process); with it, NODE_ID is required and must be a plain name', () => {
  expect(configFromEnv({})).toMatchObject({ redisUrl: undefined, nodeId: undefined });
  expect(configFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379', NODE_ID: 'node-1' })).toMatchObject({
    redisUrl: 'redis://127.0.0.1:6379',
    nodeId: 'node-1',
  });
  expect(() => configFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/NODE_ID/);
  expect(() => configFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379', NODE_ID: 'a b' })).toThrow(/NODE_ID/);
});

const CLUSTER = {
  DATABASE_URL: 'postgres://scorpion@127.0.0.1:5432/scorpion',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NODE_ID: 'node-1',
  SCORPION_SECRET: 's'.repeat(32),
};

test('DATABASE_URL: unset means SQLite; set, it must be a postgres:// URL', () => {
  expect(configFromEnv({}).databaseUrl).toBeUndefined();
  expect(configFromEnv({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  expect(configFromEnv(CLUSTER)).toMatchObject({
    databaseUrl: CLUSTER.DATABASE_URL,
    redisUrl: CLUSTER.REDIS_URL,
    nodeId: 'node-1',
    secret: CLUSTER.SCORPION_SECRET,
  });
  expect(() => configFromEnv({ ...CLUSTER, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
});

test('cluster mode (DATABASE_URL) requires REDIS_URL, NODE_ID and SCORPION_SECRET, naming the one missing', () => {
  for (const name of ['REDIS_URL', 'NODE_ID', 'SCORPION_SECRET'] as const) {
    const env: Record<string, string> = { ...CLUSTER };
    delete env[name];
    expect(() => configFromEnv(env)).toThrow(new RegExp(`^${name} is required with DATABASE_URL`));
    // NAME= (a compose .env file's unfilled value) is as missing as no NAME at all.
    expect(() => configFromEnv({ ...env, [name]: '' })).toThrow(new RegExp(`^${name} is required`));
  }
});

test('passkeys: localhost and the request origin by default; a domain and bare origins when set', () => {
  expect(configFromEnv({}).webauthn).toStrictEqual({ rpId: 'localhost', origins: [] });
  expect(
    configFromEnv({
      WEBAUTHN_RP_ID: 'scorpion.example.com',
      WEBAUTHN_ORIGINS: 'https://scorpion.example.com, https://www.scorpion.example.com',
    }).webauthn,
  ).toStrictEqual({
    rpId: 'scorpion.example.com',
    origins: ['https://scorpion.example.com', 'https://www.scorpion.example.com'],
  });
  expect(() => configFromEnv({ WEBAUTHN_RP_ID: 'https://scorpion.example.com' })).toThrow(/WEBAUTHN_RP_ID/);
  expect(() => configFromEnv({ WEBAUTHN_ORIGINS: 'https://scorpion.example.com/' })).toThrow(/WEBAUTHN_ORIGINS/);
  expect(() => configFromEnv({ WEBAUTHN_ORIGINS: 'scorpion.example.com' })).toThrow(/WEBAUTHN_ORIGINS/);
});
