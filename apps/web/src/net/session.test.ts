import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { RETRY_MS, Session } from './session.svelte.ts';

const PIA = { id: 'pia-id', nickname: 'Pia' };

/** The server as the page's fetch sees it: out of reach until the test says, then Pia's. */
let reachable = false;
const asked: string[] = [];
const listeners: Record<string, () => void> = {};

beforeEach(() => {
  reachable = false;
  asked.length = 0;
  vi.useFakeTimers();
  vi.stubGlobal('fetch', async (path: string, init: { method: string }) => {
    asked.push(`${init.method} ${path}`);
    if (!reachable) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ player: PIA }), { status: path === '/api/players' ? 201 : 200 });
  });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => (listeners[type] = listener));
  vi.stubGlobal('document', { addEventListener: () => {}, removeEventListener: () => {}, visibilityState: 'visible' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function offlineSession(): Promise<Session> {
  const session = new Session();
  await session.load();
  expect(session.offline).toBe(true);
  expect(session.player).toBeNull();
  return session;
}

test('a browser the server could not be asked about is asked again before it is offered a nickname', async () => {
  const session = await offlineSession();
  reachable = true;
  expect(await session.ensurePlayer()).toBe(true);
  expect(session.asking).toBe(false);
  expect(session.player).toEqual(PIA);
  expect(asked).toEqual(['GET /api/me', 'GET /api/me']);
});

test('no nickname is signed up while the server cannot say who this browser already is', async () => {
  const session = await offlineSession();
  await expect(session.pick('Someone')).rejects.toThrow('The server cannot be reached.');
  expect(asked).not.toContain('POST /api/players');

  // Back, the server says this browser is Pia's: she stays Pia, and nobody new is signed up.
  reachable = true;
  await session.pick('Someone');
  expect(session.player).toEqual(PIA);
  expect(asked).not.toContain('POST /api/players');
});

test('out of reach, the server is asked again when the browser comes back online', async () => {
  const session = await offlineSession();
  reachable = true;
  listeners.online!();
  await vi.waitFor(() => expect(session.offline).toBe(false));
  expect(session.player).toEqual(PIA);
});

test('out of reach, the server is asked again after a wait, and again after longer ones', async () => {
  const session = await offlineSession();
  await vi.advanceTimersByTimeAsync(RETRY_MS[0]!);
  expect(asked).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(RETRY_MS[0]!);
  expect(asked).toHaveLength(2);
  reachable = true;
  await vi.advanceTimersByTimeAsync(RETRY_MS[1]! - RETRY_MS[0]!);
  expect(asked).toHaveLength(3);
  expect(session.player).toEqual(PIA);
  // Answered: nothing more is asked.
  await vi.advanceTimersByTimeAsync(RETRY_MS.at(-1)! * 2);
  expect(asked).toHaveLength(3);
});
