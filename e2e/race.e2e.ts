import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { expectAccessible } from './a11y.ts';
import { openWin } from './fixtures/deals.ts';
import {
  countdownSeen,
  fitsTheWidth,
  movesShown,
  PHONE,
  pickNickname,
  playByHand,
  raceUnderway,
  recordThrown,
  screenshots,
  watchCountdown,
} from './helpers.ts';
import { expect, test } from './test.ts';

/** What every page of the test threw: nothing, whatever it showed (a race's boards once looped without end). */
const thrown: string[] = [];
test.afterEach(() => {
  expect(thrown.splice(0)).toEqual([]);
});

async function player(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  recordThrown(page, thrown);
  await page.goto(url);
  return page;
}

/**
 * A host's new room (all cards face up with `faceUp`, without a time limit with `untimed`) and a
 * guest who joined it from its link, seen by the host; the race not started.
 */
async function roomWithGuest(
  browser: Browser,
  names: { host: string; guest: string },
  { faceUp = false, untimed = false } = {},
): Promise<{ host: Page; guest: Page }> {
  const host = await player(browser, '/race');
  if (faceUp) await host.getByLabel('All cards face up').check();
  if (untimed) await host.getByRole('group', { name: 'Time limit' }).getByLabel('None').check();
  await host.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(host, names.host);
  await expect(host).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const guest = await player(browser, host.url());
  await guest.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest, names.guest);
  await expect(host.getByTestId('room-members')).toContainText(names.guest);
  return { host, guest };
}

/**
 * A host's new room with a guest in it whose sockets (on a room page, `/ws?room=CODE`) pass
 * through `route`, and the race started and under way for both.
 */
async function raceWithRoutedGuest(
  browser: Browser,
  names: { host: string; guest: string },
  route: (ws: WebSocketRoute) => void,
): Promise<{ host: Page; guest: Page }> {
  const host = await player(browser, '/race');
  await host.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(host, names.host);
  await expect(host).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const guest = await context.newPage();
  recordThrown(guest, thrown);
  // Before it has a name the guest's page watches the room as a visitor, on a socket of its own
  // (`watch=1`) that it closes on joining: that one passes straight through, the test sees the rest.
  await guest.routeWebSocket(/\/ws(\?|$)/, (ws) =>
    new URL(ws.url()).searchParams.has('watch') ? void ws.connectToServer() : route(ws),
  );
  await guest.goto(host.url());
  await guest.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest, names.guest);
  await expect(host.getByTestId('room-members')).toContainText(names.guest);
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  return { host, guest };
}

test('two players race through a room link, see each other live, rematch, one leaves', async ({ browser }) => {
  // 85 moves played by hand, every one waited for: about 1.6 min alone, twice that on a loaded machine.
  test.setTimeout(420_000);
  const host = await player(browser, '/race');
  // A first race deals a deal the solver proved winnable, unless the host says otherwise.
  await expect(host.getByLabel(/Winnable deals only/)).toBeChecked();
  // Once someone solves it the others have 30 s to finish, unless the host chooses otherwise.
  const finishWindow = host.getByRole('group', { name: 'Once someone solves it, the others have' });
  await expect(finishWindow.getByLabel('30 s')).toBeChecked();
  await finishWindow.getByLabel('15 s').check();
  // "All cards face up": the e2e server deals races a deal with a known winning line (e2e/serve.ts).
  await host.getByLabel('All cards face up').check();
  // Creating a room is what needs a name: it is asked for then, and the room is made after it.
  await host.getByRole('button', { name: 'Create room' }).click();
  await pickNickname(host, 'Hostess');
  await expect(host).toHaveURL(/\/r\/[A-Z0-9]{6}$/);
  await expect(host.getByText('15 s to finish after a solve · winnable deals only')).toBeVisible();
  const link = host.url();

  // A room link shows the invitation; the name is asked for when the guest chooses to join.
  const guest = await player(browser, link);
  await expect(guest.getByRole('heading', { name: /^Room / })).toBeVisible();
  await guest.getByRole('button', { name: 'Pick a nickname and join' }).click();
  await pickNickname(guest, 'Gwen');
  await expect(guest.getByTestId('room-members')).toContainText('Hostess');
  await expect(host.getByTestId('room-members')).toContainText('Gwen');
  await screenshots(host, '08-race-lobby');

  for (const page of [host, guest]) await watchCountdown(page);
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  // Nothing can be played during the countdown, giving up included.
  for (const page of [host, guest])
    expect(await countdownSeen(page)).toEqual({ shown: true, giveUpDisabledMeanwhile: true });

  // The guest makes one move; the host sees it in the live panel.
  await playByHand(guest, openWin.moves[0]!);
  await expect(await movesShown(guest)).toHaveText('1');
  const guestRowOnHost = host.getByTestId('race-progress').locator('li', { hasText: 'Gwen' });
  await expect(guestRowOnHost).toContainText('1 move ·');

  // The host plays the whole winning line by hand.
  for (const [i, move] of openWin.moves.entries()) {
    await playByHand(host, move);
    if (i === 20) await screenshots(host, '10-race-board');
  }
  const hostRowOnGuest = guest.getByTestId('race-progress').locator('li', { hasText: 'Hostess' });
  await expect(hostRowOnGuest).toContainText('Solved in');
  await screenshots(guest, '11-race-progress-guest');
  // The winner is told so, and who the race still waits for, and may leave with the result kept;
  // the standings are there at once, provisional until the guest's 15 s are up.
  const hostOver = host.getByTestId('game-over');
  await expect(hostOver).toContainText('You solved it in');
  await expect(hostOver).toContainText('Waiting for Gwen');
  await expect(hostOver.getByRole('button', { name: 'Leave room' })).toBeVisible();
  const provisional = hostOver.getByRole('region', { name: 'Provisional standings' });
  await expect(provisional).toContainText(/Final in 1?\d s, or sooner if Gwen finishes/);
  await expect(provisional.getByRole('listitem')).toHaveText([
    /^1st\s*Hostess \(you\)\s*solved in/,
    /^2nd\s*Gwen.*playing$/,
  ]);
  await screenshots(host, '11-race-solved-waiting-host');
  // The guest, still playing, is told who solved it and how long is left.
  await expect(guest.getByTestId('race-closing')).toContainText(/Hostess solved it: 1?\d s left to finish\./);
  await screenshots(guest, '11-race-closing-guest');

  // Nobody gives up: the window runs out, and the race ends for both.
  for (const page of [host, guest]) {
    const results = page.getByTestId('race-results');
    await expect(results).toBeVisible({ timeout: 25_000 });
    await expect(results.locator('tbody tr').first()).toContainText('Hostess');
    await expect(results.locator('tbody tr').first()).toContainText('solved');
  }
  await screenshots(host, '12-race-results');
  await expect(host.getByRole('button', { name: 'Rematch: new deal' })).toBeVisible();
  await expect(host.getByRole('heading', { name: 'You won the race!' })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Hostess won the race' })).toBeVisible();

  // The finished race is public: the winner's game replays move by move.
  await host.getByTestId('race-results').locator('tbody tr').first().getByRole('link', { name: 'Replay' }).click();
  const steps = host.locator('.count');
  await expect(steps).toHaveText(`0/${openWin.moves.length}`);
  await host.keyboard.press('ArrowRight');
  await expect(steps).toHaveText(`1/${openWin.moves.length}`);
  await host.getByRole('button', { name: 'Last position' }).click();
  await expect(steps).toHaveText(`${openWin.moves.length}/${openWin.moves.length}`);
  await screenshots(host, '13-replay');

  // Back in the room, the rematch deals both players a new game.
  await host.goBack();
  for (const page of [host, guest]) await watchCountdown(page);
  await host.getByRole('button', { name: 'Rematch: new deal' }).click();
  for (const page of [host, guest]) {
    await raceUnderway(page);
    expect(await countdownSeen(page)).toEqual({ shown: true, giveUpDisabledMeanwhile: true });
    await expect(await movesShown(page)).toHaveText('0');
  }
  for (const page of [host, guest]) {
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('button', { name: 'Really give up?' }).click();
  }
  await expect(guest.getByRole('heading', { name: 'Nobody solved it this time' })).toBeVisible();

  // The guest leaves: home for them, and off the host's list.
  await guest.getByRole('button', { name: 'Leave room' }).click();
  await expect(guest).toHaveURL(/\/$/);
  await expect(host.getByTestId('room-members')).not.toContainText('Gwen');
  await expect(host.getByRole('button', { name: 'Waiting for a second player…' })).toBeDisabled();

  // A mistyped link (an O for a 0 the codes never use) says so, and leads back to the race page.
  await guest.goto('/r/K7MPQO');
  await expect(guest.getByRole('alert')).toHaveText(
    'There is no room with that code: codes are 6 letters and digits, without I, O, 0 or 1.',
  );
  await guest.getByRole('link', { name: 'Join or create a room' }).click();
  await expect(guest).toHaveURL(/\/race$/);
});

test('undo and redo in a race give back the boards shown before, from acks that carry no board', async ({
  browser,
}) => {
  // Every frame between the guest and the server passes through the test, which keeps the acks
  // and counts the guest's requests for the whole game.
  const acks: { events: { type: string }[]; game: unknown }[] = [];
  let resumes = 0;
  const { guest } = await raceWithRoutedGuest(browser, { host: 'Patient', guest: 'Ditherer' }, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('{"type":"ack"')) acks.push(JSON.parse(message));
      ws.send(message);
    });
    ws.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('{"type":"game-resume"')) resumes++;
      server.send(message);
    });
  });
  // The columns as a screen reader reads them (the board's spoken status line left out).
  const columns = async () => {
    const groups = await guest
      .locator('#board')
      .getByRole('group', { name: /^Column \d+/ })
      .all();
    return (await Promise.all(groups.map((group) => group.ariaSnapshot()))).join('\n');
  };
  const start = await columns();
  const resumesBefore = resumes;
  await playByHand(guest, openWin.moves[0]!);
  const afterOne = await columns();
  await playByHand(guest, openWin.moves[1]!);
  const afterTwo = await columns();
  expect(new Set([start, afterOne, afterTwo]).size).toBe(3);

  const undo = guest.getByRole('button', { name: 'Undo' });
  const redo = guest.getByRole('button', { name: 'Redo' });
  const taken = () => acks.filter((ack) => ack.events.some((e) => e.type === 'undo' || e.type === 'redo'));
  await undo.click();
  await expect.poll(() => taken().length).toBe(1);
  await expect.poll(columns).toBe(afterOne);
  await undo.click();
  await expect.poll(() => taken().length).toBe(2);
  await expect.poll(columns).toBe(start);
  await redo.click();
  await expect.poll(() => taken().length).toBe(3);
  await expect.poll(columns).toBe(afterOne);

  // The undos' and the redo's acks were the small form, no whole game in any of them, and the
  // page drew the boards from those it had shown without asking for the game.
  for (const ack of taken()) expect(ack.game).toBeNull();
  expect(resumes).toBe(resumesBefore);
});

test('a give-up pressed while the connection is down is kept, sent once it is back, and ends the race', async ({
  browser,
}) => {
  // The guest's sockets pass through the test: while `held`, a new one is opened but never
  // reaches the server, so the page stays "Reconnecting…" for as long as the test needs.
  const sockets: WebSocketRoute[] = [];
  let held = false;
  const { host, guest } = await raceWithRoutedGuest(browser, { host: 'Steady', guest: 'Wobbly' }, (ws) => {
    sockets.push(ws);
    if (!held) ws.connectToServer();
  });
  await playByHand(guest, openWin.moves[0]!);
  await expect(await movesShown(guest)).toHaveText('1');
  const undo = guest.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeEnabled();

  held = true;
  const before = sockets.length;
  await sockets.at(-1)!.close({ code: 1006 });
  await expect(guest.locator('[data-connection="reconnecting"]')).toBeVisible();
  await expect.poll(() => sockets.length).toBe(before + 1);
  // An undo waits for the server's answer: not offered while the socket is down.
  await expect(undo).toBeDisabled();
  await guest.getByRole('button', { name: 'Give up' }).click();
  await guest.getByRole('button', { name: 'Really give up?' }).click();
  await expect(guest.getByRole('button', { name: 'Giving up…' })).toBeDisabled();
  await expect(guest.locator('[data-connection="reconnecting"]')).toBeVisible();

  // The connection comes back: the give-up goes out, and the host sees it.
  held = false;
  await sockets.at(-1)!.close({ code: 1006 });
  await expect(guest.locator('[data-connection="online"]')).toBeVisible({ timeout: 20_000 });
  await expect(guest.getByTestId('game-over')).toBeVisible();
  await expect(host.getByTestId('race-progress').locator('li', { hasText: 'Wobbly' })).toContainText(/gave up/i);

  // The race waits for nobody else: the host gives up too and both see the results.
  await host.getByRole('button', { name: 'Give up' }).click();
  await host.getByRole('button', { name: 'Really give up?' }).click();
  for (const page of [host, guest]) {
    await expect(page.getByRole('heading', { name: 'Nobody solved it this time' })).toBeVisible();
  }
});

test('a racer back after a dropped socket joins the room once, not again for every game frame', async ({ browser }) => {
  // The guest's frames to the server pass through the test, which counts the room-joins per socket.
  const sockets: WebSocketRoute[] = [];
  const joins: number[] = [];
  const { host, guest } = await raceWithRoutedGuest(browser, { host: 'Anchor', guest: 'Bouncy' }, (ws) => {
    const index = sockets.push(ws) - 1;
    joins[index] = 0;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (String(message).startsWith('{"type":"room-join"')) joins[index]!++;
      server.send(message);
    });
  });
  await playByHand(guest, openWin.moves[0]!);
  const guestOnHost = host.getByTestId('race-progress').locator('li', { hasText: 'Bouncy' });
  await expect(guestOnHost).toContainText('1 move ·');

  // The socket drops mid-race and the page reconnects by itself, its game listed in the welcome.
  const before = sockets.length;
  await sockets.at(-1)!.close({ code: 1006 });
  await expect(guest.locator('[data-connection="online"]')).toBeVisible({ timeout: 20_000 });
  expect(sockets.length).toBe(before + 1);
  await playByHand(guest, openWin.moves[1]!);
  await expect(guestOnHost).toContainText('2 moves ·');
  // Each room-join is answered with the room and the game; a page whose join ran again on each
  // game frame sent joins without end (until the socket's budget refused every frame, a give-up
  // among them). One join for the new socket, as for the first.
  expect(joins).toEqual([1, 1]);
});

test("a racer who gave up watches a friend's race, a few seconds behind; the one still racing sees no board", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { host, guest } = await roomWithGuest(browser, { host: 'Watched Host', guest: 'Watcher' }, { faceUp: true });
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);

  // Racing, nobody's board can be watched.
  await expect(guest.getByTestId('watch-race')).toHaveCount(0);
  await guest.getByRole('button', { name: 'Give up' }).click();
  await guest.getByRole('button', { name: 'Really give up?' }).click();
  const watch = guest.getByTestId('watch-race');
  await watch.getByRole('button', { name: 'Watch Watched Host' }).click();

  await playByHand(host, openWin.moves[0]!);
  await playByHand(host, openWin.moves[1]!);
  // The board comes 5 s behind the race (on the server's clock), with the host's two moves.
  await expect(watch.getByTestId('watched-moves')).toContainText('2 moves', { timeout: 20_000 });
  await expect(watch.getByTestId('watched-board').locator('[data-col]').first()).toBeVisible();
  await screenshots(guest, '22-race-watched');
  // The host, still racing, has no way to watch and gets no board.
  await expect(host.getByTestId('watch-race')).toHaveCount(0);
  await expect(host.getByTestId('watched-board')).toHaveCount(0);

  await host.getByRole('button', { name: 'Give up' }).click();
  await host.getByRole('button', { name: 'Really give up?' }).click();
  await expect(guest.getByTestId('race-results')).toBeVisible();

  // The race is over: the host's game can be shared as a challenge link, which shows its result.
  await host.getByRole('button', { name: 'Beat my time: challenge a friend' }).click();
  const challengeLink = await host.getByTestId('challenge-share').locator('code').textContent();
  expect(challengeLink).toMatch(/\/c\/[\w-]{12}$/);
  await guest.goto(challengeLink!);
  await expect(guest.getByRole('heading', { name: "Beat Watched Host's time" })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Play the challenge' })).toBeVisible();
});

test("a timed race's clock reads its limit through the countdown and runs on after your own game ends", async ({
  browser,
}) => {
  const { host } = await roomWithGuest(browser, { host: 'Clockwatcher', guest: 'Dawdler' });

  // Every reading of the host's "Left" clock, recorded as it changes (the room's limit is 10 minutes).
  await host.evaluate(() => {
    const seen: string[] = [];
    new MutationObserver(() => {
      const stat = [...document.querySelectorAll('.stat')].find((s) => s.textContent?.startsWith('Left'));
      const value = stat?.querySelector('.value')?.textContent;
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { e2eLeft: seen });
  });
  await host.getByRole('button', { name: 'Start the race' }).click();
  await raceUnderway(host);
  const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const readings = await host.evaluate(() => (window as unknown as { e2eLeft: string[] }).e2eLeft);
  expect(readings[0]).toBe('10:00');
  expect(Math.max(...readings.map(seconds))).toBe(600);

  // The host gives up; the race goes on for the guest, and so does its clock on the host's screen.
  await host.getByRole('button', { name: 'Give up' }).click();
  await host.getByRole('button', { name: 'Really give up?' }).click();
  await expect(host.getByTestId('game-over')).toContainText('Waiting for Dawdler');
  // The race ends by its clock: its host has no way to end it sooner.
  await expect(host.getByTestId('end-race')).toHaveCount(0);
  const left = host.locator('.stat', { hasText: 'Left' }).locator('.value');
  const atGiveUp = await left.textContent();
  await expect.poll(() => left.textContent()).not.toBe(atGiveUp);
});

test('a member dealt into a rematch while on another page is shown the way back to the race', async ({ browser }) => {
  const { host, guest } = await roomWithGuest(browser, { host: 'Rematcher', guest: 'Wanderer' });
  const room = host.url();
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  for (const page of [host, guest]) {
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('button', { name: 'Really give up?' }).click();
  }
  await expect(guest.getByTestId('race-results')).toBeVisible();

  // The guest goes to read the leaderboards, still connected: the rematch deals them in there.
  await guest.getByRole('link', { name: 'Leaderboards' }).click();
  await expect(guest).toHaveURL(/\/leaderboards/);
  await host.getByRole('button', { name: 'Rematch: new deal' }).click();
  const notice = guest.getByTestId('race-elsewhere');
  await expect(notice).toContainText(`Your race in room ${room.slice(-6)} is on`);
  await notice.getByRole('link', { name: 'Back to the race' }).click();
  await expect(guest).toHaveURL(room);
  await raceUnderway(guest);
  // On the race's own page the notice has nothing to say.
  await expect(notice).toHaveCount(0);
  await expect(host.getByTestId('race-elsewhere')).toHaveCount(0);
});

test("a racer's second tab on the race follows the board and the standings the first one plays", async ({
  browser,
}) => {
  const { host, guest } = await roomWithGuest(browser, { host: 'Two Tabs', guest: 'One Tab' }, { faceUp: true });
  const second = await host.context().newPage();
  recordThrown(second, thrown);
  await second.goto(host.url());
  await expect(second.getByTestId('room-members')).toContainText('One Tab');
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest, second]) await raceUnderway(page);

  await playByHand(host, openWin.moves[0]!);
  await playByHand(host, openWin.moves[1]!);
  const columns = (page: Page) =>
    page
      .locator('#board')
      .getByRole('group', { name: /^Column \d+/ })
      .allTextContents();
  await expect(await movesShown(second)).toHaveText('2');
  expect(await columns(second)).toEqual(await columns(host));
  const meOnSecond = second.getByTestId('race-progress').locator('li', { hasText: 'Two Tabs' });
  await expect(meOnSecond).toContainText('2 moves ·');
  await screenshots(second, '23-race-second-tab');

  // The second tab is current: its move is taken, not turned down as made on an old board.
  await playByHand(second, openWin.moves[2]!);
  await expect(second.locator('.rejected')).toHaveCount(0);
  await expect(await movesShown(host)).toHaveText('3');
  await expect(guest.getByTestId('race-progress').locator('li', { hasText: 'Two Tabs' })).toContainText('3 moves ·');
});

test('the host of a race without a time limit ends it for a racer who stopped playing, who is ranked by how far they got', async ({
  browser,
}) => {
  // Two browsers, an accessibility scan and screenshots at two sizes: 58 s in CI, past the
  // default 90 s here while other work loaded the machine.
  test.setTimeout(180_000);
  const { host, guest } = await roomWithGuest(
    browser,
    { host: 'Patient Host', guest: 'Idle Guest' },
    { faceUp: true, untimed: true },
  );
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  await playByHand(guest, openWin.moves[0]!);

  // Only the host, and only once their own game is over, is offered the end.
  await expect(host.getByTestId('end-race')).toHaveCount(0);
  await host.getByRole('button', { name: 'Give up' }).click();
  await host.getByRole('button', { name: 'Really give up?' }).click();
  const end = host.getByTestId('end-race');
  await expect(end).toBeVisible();
  await expect(guest.getByTestId('end-race')).toHaveCount(0);
  await end.getByRole('button', { name: 'End the race' }).click();
  await end.getByRole('button', { name: 'Keep waiting' }).click();
  await end.getByRole('button', { name: 'End the race' }).click();
  await expectAccessible(host, 'race-end-asked');
  await screenshots(host, '24-race-end-asked');
  await end.getByRole('button', { name: 'End it for Idle Guest?' }).click();

  for (const page of [host, guest]) {
    const results = page.getByTestId('race-results');
    await expect(results.locator('tbody tr', { hasText: 'Idle Guest' })).toContainText('/52 built');
    await expect(results.locator('tbody tr', { hasText: 'Patient Host' })).toContainText('gave up');
    await expect(page.getByRole('heading', { name: 'Nobody solved it this time' })).toBeVisible();
  }
  // The racer who stopped playing is told why the race ended without them.
  await expect(guest.getByRole('status').filter({ hasText: 'ended the race' })).toHaveText(
    'Patient Host ended the race: whoever was still playing is ranked by how far they got.',
  );
  await expect(host.getByRole('status').filter({ hasText: 'ended the race' })).toContainText('You ended the race');
  await screenshots(guest, '25-race-ended-by-host');
});

test("a race's results fit a phone with nicknames of twenty letters without a space, every column in view", async ({
  browser,
}) => {
  const names = { host: 'Qqqqqqqqqqqqqqqqqqqq', guest: 'Zzzzzzzzzzzzzzzzzzzz' };
  const { host, guest } = await roomWithGuest(browser, names);
  await host.getByRole('button', { name: 'Start the race' }).click();
  for (const page of [host, guest]) await raceUnderway(page);
  for (const page of [host, guest]) {
    await page.getByRole('button', { name: 'Give up' }).click();
    await page.getByRole('button', { name: 'Really give up?' }).click();
  }
  await host.setViewportSize(PHONE);
  const results = host.getByRole('table').filter({ hasText: names.guest });
  await expect(results).toBeVisible();
  // The table scrolls inside its box when too wide: it must not need to, or Time and Replay hide.
  const hidden = await results.evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0));
  expect(hidden).toBeLessThanOrEqual(0);
  // The room's players below: each row within the page, its "host" and "you" in view.
  await expect(host.getByTestId('room-members').getByText('you', { exact: true })).toBeInViewport();
  await fitsTheWidth(host);
  await Promise.all([host.context().close(), guest.context().close()]);
});
