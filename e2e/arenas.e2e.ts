import type { BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import type { Move } from '../packages/rules/src/index.ts';
import { expectAccessible } from './a11y.ts';
import { dailyWinningLine } from './fixtures/deals.ts';
import { fitsTheWidth, movesShown, PHONE, playByHand, recordThrown, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

/*
 * An arena from the first click to its podium, as two players live it: Ann makes a private arena
 * and sends its link, Bob joins by it; they play deals, see each other in the live table, Ann
 * goes on fire with two wins in a row (the second berserk), and the arena ends on the server's
 * clock, moved forward by e2e/serve.ts's test seam (`POST /e2e/clock`), with its podium and
 * final table. Every arena deal of the e2e server is the daily's fixed deal (e2e/serve.ts), so
 * the test knows a winning line. The steps share their two players: each builds on the last.
 */

const thrown: string[] = [];
/** Under the 20 frames a second a socket may send, as a person's play always is. */
const MOVE_EVERY_MS = 60;
test.describe.configure({ mode: 'serial' });

/** One player: their browser context, page, and the socket their page talks through. */
interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly socket: Tap;
}

/** A player's socket, passed through so that the test can play a winning line fast (moves sent as the page would). */
class Tap {
  server: WebSocketRoute | undefined;
  /** The player's arena deal in play, as the server last said it: its id and move count. */
  game: { gameId: string; seq: number } | undefined;

  attach(ws: WebSocketRoute) {
    const server = ws.connectToServer();
    this.server = server;
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as {
        type: string;
        game?: { gameId: string; seq: number; kind: string } | null;
        gameId?: string;
        seq?: number;
      };
      // The furthest the game has been seen: a resume's answer may come after acks of later moves.
      const game = frame.type === 'game' ? frame.game : undefined;
      if (game?.kind === 'arena') {
        const seen = game.gameId === this.game?.gameId ? this.game.seq : 0;
        this.game = { gameId: game.gameId, seq: Math.max(seen, game.seq) };
      }
      if (frame.type === 'ack' && frame.gameId === this.game?.gameId && frame.seq !== undefined)
        this.game.seq = Math.max(this.game.seq, frame.seq);
      ws.send(message);
    });
    ws.onMessage((message) => server.send(message));
  }

  /**
   * Plays `moves` on the deal in play, each once the last is stored (the page catches up by
   * itself), and no faster than one every `MOVE_EVERY_MS`: a socket may send 20 frames a second
   * (a burst of 40), and a line of 50 moves sent as fast as acks come is refused past that.
   */
  async play(moves: readonly Move[]) {
    for (const move of moves) {
      const game = this.game;
      if (!game || !this.server) throw new Error('no arena deal in play');
      const seq = game.seq;
      const sentAt = Date.now();
      this.server.send(JSON.stringify({ type: 'move', gameId: game.gameId, expect: seq, move }));
      await expect.poll(() => this.game?.seq, { intervals: [25] }).toBe(seq + 1);
      await new Promise((resolve) => setTimeout(resolve, MOVE_EVERY_MS - (Date.now() - sentAt)));
    }
  }
}

let ann: Player;
let bob: Player;
let arenaUrl = '';
let line: readonly Move[] = [];

async function player(browser: import('@playwright/test').Browser, nickname: string): Promise<Player> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  recordThrown(page, thrown);
  const socket = new Tap();
  await page.routeWebSocket('**/ws', (ws) => socket.attach(ws));
  expect((await page.request.post('/api/players', { data: { nickname } })).status()).toBe(201);
  return { context, page, socket };
}

test.beforeAll(async ({ browser }) => {
  line = dailyWinningLine();
  ann = await player(browser, 'Arena Ann');
  bob = await player(browser, 'Arena Bob');
});
test.afterAll(async () => {
  await ann?.context.close();
  await bob?.context.close();
});
test.afterEach(() => {
  expect(thrown.splice(0)).toEqual([]);
});

/** The live table's row of `nickname` on `page`. */
const rowOf = (page: Page, nickname: string) =>
  page.getByTestId('arena-standings').getByRole('row').filter({ hasText: nickname });

/** Deals the next deal (berserk when asked) and waits for its board. */
async function deal(p: Player, n: number, berserk = false) {
  const box = p.page.getByRole('checkbox', { name: new RegExp(`Berserk for deal ${n}`) });
  if (berserk) await box.check();
  await p.page.getByRole('button', { name: `Deal ${n}`, exact: true }).click();
  await expect(p.page.getByRole('heading', { name: new RegExp(`^Deal ${n}`) })).toBeVisible();
  await expect.poll(() => p.socket.game?.seq).toBe(0);
}

/** Wins the deal in play: the line up to its last move sent fast, the last one played by hand. */
async function win(p: Player) {
  await p.socket.play(line.slice(0, -1));
  await expect(await movesShown(p.page)).toHaveText(String(line.length - 1));
  await playByHand(p.page, line.at(-1)!);
}

test('the schedule is on the home page and at /arenas; a private arena is made there and joined by its link', async () => {
  const { page } = ann;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Arenas' })).toBeVisible();
  await page.getByRole('link', { name: 'Schedule →' }).click();
  await expect(page.getByRole('table', { name: 'Arenas running now and to come' })).toBeVisible();

  // A name that is only spaces is refused by the server, in words, and nothing is made.
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Make the arena' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Give the arena a name of 1 to 40 characters/);
  await expect(page).toHaveURL(/\/arenas$/);

  await page.getByLabel('Name').fill('E2E club');
  await page.getByLabel(/^Length in minutes/).fill('10');
  await page.getByRole('button', { name: 'Make the arena' }).click();
  await expect(page).toHaveURL(/\/a\/p-[\w-]{12}$/);
  await expect(page.getByRole('heading', { name: /E2E club/ })).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  arenaUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(arenaUrl).toBe(page.url());

  await page.getByRole('button', { name: 'Join the arena' }).click();
  await expect(rowOf(page, 'Arena Ann')).toBeVisible();

  await bob.page.goto(arenaUrl);
  await bob.page.getByRole('button', { name: 'Join the arena' }).click();
  await expect(rowOf(bob.page, 'Arena Bob')).toBeVisible();
  // Each sees the other in the live table.
  await expect(rowOf(bob.page, 'Arena Ann')).toBeVisible();
  await expect(rowOf(page, 'Arena Bob')).toBeVisible();
});

test('deal after deal: a win scores 2, a give-up 0, and two wins in a row (the second berserk) set a player on fire', async () => {
  test.setTimeout(240_000);
  const { page } = ann;
  await deal(ann, 1);
  await win(ann);
  await expect(page.getByText('Deal 1: solved, 2 points.')).toBeVisible();

  await deal(bob, 1);
  await bob.page.getByRole('button', { name: 'Give up' }).click();
  await bob.page.getByRole('button', { name: 'Really give up?' }).click();
  await expect(bob.page.getByText(/^Deal 1: gave up/)).toBeVisible();

  // Berserk: no undo in this deal, and its win scores 3.
  await expect(page.getByText(/A win of deal 2 scores 2\./)).toBeVisible();
  await deal(ann, 2, true);
  await expect(page.getByRole('heading', { name: 'Deal 2 · berserk' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await win(ann);
  await expect(page.getByText('Deal 2: solved, 3 points.')).toBeVisible();
  await expect(page.getByText(/A win of deal 3 scores 4 \(you are on fire/)).toBeVisible();

  // Bob's table shows Ann first, on fire, with her points by deal; and Bob's own row.
  const annRow = rowOf(bob.page, 'Arena Ann');
  await expect(annRow.getByLabel('on fire')).toBeVisible();
  await expect(annRow).toContainText('5');
  await expect(annRow.getByLabel('Points by deal: 2, 3')).toBeVisible();
  await expect(rowOf(bob.page, 'Arena Bob').getByLabel('Points by deal: 0')).toBeVisible();
  await expect(bob.page.getByTestId('arena-standings').getByRole('row').nth(1)).toContainText('Arena Ann');
  await screenshots(bob.page, 'arena-standings');
  await bob.page.setViewportSize(PHONE);
  await fitsTheWidth(bob.page);
  await bob.page.setViewportSize({ width: 1280, height: 800 });
});

test('the arena ends on its clock: the podium, the final table, and every game replayable', async () => {
  const moved = await ann.page.request.post('/e2e/clock', { data: { aheadMs: 11 * 60_000 } });
  expect(moved.status()).toBe(200);
  for (const p of [ann, bob]) {
    const podium = p.page.getByTestId('arena-podium');
    await expect(podium).toBeVisible({ timeout: 15_000 });
    await expect(podium.getByRole('listitem').first()).toContainText('Arena Ann');
  }
  await expect(ann.page.getByText(/You finished 1st of 2 with 5 points/)).toBeVisible();
  await expect(bob.page.getByText(/You finished 2nd of 2 with 0 points/)).toBeVisible();
  await screenshots(bob.page, 'arena-podium');
  await expectAccessible(bob.page, 'arena finished');

  const final = bob.page.getByRole('table', { name: "Every player's place, points and games" });
  await final.getByRole('link', { name: 'Deal 2: won, berserk, 3' }).click();
  await expect(bob.page).toHaveURL(/\/replay\//);
  await expect(bob.page.locator('.columns')).toBeVisible();
  // The arena's page stays for good, for anyone.
  await bob.page.goto(arenaUrl);
  await expect(bob.page.getByTestId('arena-podium')).toBeVisible();
  // Ann's profile lists it: her place, points and games.
  await bob.page.goto('/p/Arena%20Ann');
  const arenaRow = bob.page.getByTestId('profile-arenas').getByRole('row').filter({ hasText: 'E2E club' });
  await expect(arenaRow).toContainText('1st/2');
  await expect(arenaRow.getByRole('cell').nth(3)).toHaveText('5');
  await expect(arenaRow.getByRole('cell').nth(4)).toHaveText('2');
});
