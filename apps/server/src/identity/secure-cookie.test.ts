import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-cookie-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cookieOf(trustProxy: boolean | string, headers: Record<string, string>): Promise<string> {
  const app = await buildApp({
    databasePath: join(dir, `${String(trustProxy)}-${Object.keys(headers).length}.db`),
    secret: 'test-secret-test-secret-test-secret',
    trustProxy,
  });
  try {
    const reply = await app.inject({ method: 'POST', url: '/api/players', payload: { nickname: 'Tess' }, headers });
    expect(reply.statusCode).toBe(201);
    return String(reply.headers['set-cookie']);
  } finally {
    await app.close();
  }
}

/*
 * Behind a TLS-terminating proxy the server itself speaks plain HTTP; only a proxy it trusts may
 * tell it the page was HTTPS, and then the identity cookie must be Secure (never sent in clear).
 */
test('the identity cookie is Secure when a trusted proxy says the page was HTTPS, and only then', async () => {
  const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
  expect(await cookieOf('loopback', https)).toMatch(/; Secure/);
  expect(await cookieOf('10.0.0.0/8', https)).not.toMatch(/; Secure/);
  expect(await cookieOf(false, https)).not.toMatch(/; Secure/);
  expect(await cookieOf('loopback', {})).not.toMatch(/; Secure/);
});
