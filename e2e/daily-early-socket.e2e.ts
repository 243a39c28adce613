import type { WebSocket } from '@playwright/test';
import { dailyStart, singleTargetMove } from './fixtures/deals.ts';
import { card, drag, movesShown } from './helpers.ts';
import { expect, test } from './test.ts';

test("a newcomer's socket is open while they read the daily; Start binds it to their guest, opens no second one, and the board plays", async ({
  page,
}) => {
  const sockets: WebSocket[] = [];
  const sent: string[] = [];
  const received: { type: string }[] = [];
  /** Both ways in the order they went: `>` sent, `<` received. */
  const both: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framesent', (f) => {
      sent.push(String(f.payload));
      both.push(`>${JSON.parse(String(f.payload)).type}`);
    });
    ws.on('framereceived', (f) => {
      received.push(JSON.parse(String(f.payload)));
      both.push(`<${JSON.parse(String(f.payload)).type}`);
    });
  });
  await page.goto('/daily');
  await expect(page.getByRole('button', { name: 'Start the clock and deal' })).toBeEnabled();
  // Before Start: one early socket, greeted, and nothing of the deal on it.
  await expect.poll(() => received.map((f) => f.type)).toContain('early');
  expect(sockets.map((s) => new URL(s.url()).search)).toEqual(['?early=1']);
  expect(received.map((f) => f.type)).toEqual(['early']);
  await expect(page.locator('.board')).toHaveCount(0);

  await page.getByRole('button', { name: 'Start the clock and deal' }).click();
  await expect(card(page, 0, 3)).toBeVisible();
  // The same socket, bound by identify, carried the welcome and the deal: no other was opened.
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.isClosed()).toBe(false);
  expect(sent.map((f) => JSON.parse(f).type)).toEqual(['identify', 'daily-join']);
  expect(received.map((f) => f.type).slice(0, 3)).toEqual(['early', 'welcome', 'game']);
  // The join went right after the identify, not a round trip later once welcomed: the server held it.
  expect(both.slice(0, 5)).toEqual(['<early', '>identify', '>daily-join', '<welcome', '<game']);
  await expect(page.locator('[data-connection="online"]')).toBeVisible();

  const start = dailyStart();
  const move = singleTargetMove(start);
  await drag(page, move.from, move.row, move.to);
  await expect(await movesShown(page)).toHaveText('1');
  await expect.poll(() => received.some((f) => f.type === 'ack')).toBe(true);
  expect(sockets).toHaveLength(1);
});

test('a reader who leaves the daily without Start has their early socket closed; a player with a name gets no early socket', async ({
  page,
}) => {
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => sockets.push(ws));
  await page.goto('/daily');
  await expect.poll(() => sockets.length).toBe(1);
  await page.getByRole('link', { name: 'Rules' }).first().click();
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);

  expect((await page.request.post('/api/players', { data: { nickname: 'Named Nell' } })).status()).toBe(201);
  await page.goto('/daily');
  await expect(page.locator('[data-connection="online"]')).toBeVisible();
  const urls = sockets.slice(1).map((s) => new URL(s.url()).search);
  expect(urls).toEqual(['']);
});
