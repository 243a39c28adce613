import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChallengeInfo, type GameSnapshot } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dayNumber, utcDate } from '../clock.ts';
import { FIXED_SEED, fixedDeals, WINNING, WINNING_DECK } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { openRoom, players } from '../test/rooms.ts';
import { withPreview } from './linkPreview.ts';

/** The web build's shell as it is laid out: the site's own preview in its head. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The site." />
    <meta property="og:title" content="Scorpion Race" />
    <meta name="twitter:card" content="summary_large_image" />
    <title>Scorpion Race</title>
  </head>
  <body><div id="app"></div></body>
</html>`;

const dist = mkdtempSync(join(tmpdir(), 'scorpion-preview-'));
let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), SHELL);
  server = await startServer({ webDist: dist, deals: fixedDeals, now: () => clock });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The page's tags by property or name: `og:title` → its content. */
async function tagsOf(path: string): Promise<{ html: string; tags: Map<string, string[]> }> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  const tags = new Map<string, string[]>();
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags.set(key!, [...(tags.get(key!) ?? []), content!]);
  }
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  tags.set('title', title ? [title] : []);
  return { html, tags };
}

test("a daily's link, and its results', name the day; the shell's own tags are replaced, not doubled", async () => {
  const today = utcDate(clock);
  const day = dayNumber(today);
  const { tags } = await tagsOf('/daily');
  expect(tags.get('title')).toEqual([`Daily #${day} · Scorpion Race`]);
  expect(tags.get('og:title')).toEqual([`Daily #${day} · Scorpion Race`]);
  expect(tags.get('twitter:card')).toEqual(['summary_large_image']);
  expect(tags.get('og:description')![0]).toContain(`Daily #${day} (${today})`);
  expect(tags.get('description')).toEqual(tags.get('og:description'));
  expect(tags.get('og:image')).toEqual([`${server.url}/og.png`]);
  expect(tags.get('og:url')).toEqual([`${server.url}/daily`]);

  const results = await tagsOf(`/leaderboards?tab=daily&date=${today}`);
  expect(results.tags.get('og:title')).toEqual([`Daily #${day} results · Scorpion Race`]);
  // A day still to come is not named: the site's own preview.
  const later = await tagsOf('/leaderboards?tab=daily&date=2099-01-01');
  expect(later.tags.get('og:title')).toEqual(['Scorpion Race']);
});

test("a room's link says its race and how to join; a challenge's its time to beat, never its cards or seed", async () => {
  const [ann] = await players(server, 'Preview Ann');
  const room = await openRoom(ann!.client, 10);
  const roomTags = (await tagsOf(`/r/${room}`)).tags;
  expect(roomTags.get('og:title')).toEqual([`Race me at Scorpion solitaire: room ${room}`]);
  expect(roomTags.get('og:description')).toEqual([
    'Scorpion, 10 minutes: everyone plays the same deal, live. Open the link to join the race.',
  ]);

  // Ann's practice game, won one move a second: 51 moves in 0:51.
  ann!.client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  let game: GameSnapshot = (await ann!.client.next('game')).game;
  for (const move of WINNING.moves) {
    clock += 1000;
    game = await ann!.client.play(game, [move]);
  }
  const response = await fetch(`${server.url}/api/challenges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ann!.cookie },
    body: JSON.stringify({ gameId: game.gameId }),
  });
  const info = ChallengeInfo.parse(await response.json());
  const { html, tags } = await tagsOf(info.link);
  expect(tags.get('og:title')).toEqual(["Beat Preview Ann's time: 0:51"]);
  expect(tags.get('twitter:title')).toEqual(["Beat Preview Ann's time: 0:51"]);
  expect(tags.get('og:description')).toEqual([
    'Preview Ann solved this Scorpion deal in 0:51 and 51 moves. Play the same cards beside their ghost.',
  ]);
  expect(html).not.toContain(FIXED_SEED);
  expect(html).not.toContain(game.gameId);
  expect(html).not.toContain(WINNING.deck);
  expect(WINNING_DECK.length).toBe(52);
  await ann!.client.close();
});

test("a profile's link names the player, and an unknown code or player gets the site's own preview", async () => {
  const [cy] = await players(server, 'Preview Cy');
  expect((await tagsOf('/p/preview%20cy')).tags.get('og:title')).toEqual(['Preview Cy · Scorpion Race']);
  for (const path of ['/r/ZZZZZZ', '/c/nosuchcode00', '/p/Nobody%20Here']) {
    expect((await tagsOf(path)).html, path).toBe(SHELL);
  }
  await cy!.client.close();
});

test('a page with a preview travels compressed and is a 304 when unchanged, as the built shell is', async () => {
  const page = await fetch(`${server.url}/daily`, { headers: { 'accept-encoding': 'br' } });
  expect(page.headers.get('content-encoding')).toBe('br');
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(await page.text()).toContain('og:title');
  const etag = page.headers.get('etag')!;
  const again = await fetch(`${server.url}/daily`, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);
});

test('the words are escaped in the tags they go into', () => {
  const html = withPreview(
    SHELL,
    { title: 'A "quoted" <b> & co', description: "It's <i>" },
    'https://x.test',
    '/p/a?b=1&c=2',
  );
  expect(html).toContain('<meta property="og:title" content="A &quot;quoted&quot; &lt;b&gt; &amp; co" />');
  expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt; &amp; co</title>');
  expect(html).toContain('<meta property="og:url" content="https://x.test/p/a?b=1&amp;c=2" />');
  expect(html).not.toContain('<i>');
});
