import { cardLabel } from '../apps/web/src/board/cardNames.ts';
import {
  dealFromSeed,
  type GameState,
  newGame,
  type Options,
  recordOf,
  toPlayerView,
  type VariantId,
} from '../packages/rules/src/index.ts';
import { DAILY_SEED, dailyWinningLine } from './fixtures/deals.ts';
import { card, movesShown, pickNickname, playByHand, practiceAt, screenshots } from './helpers.ts';
import { expect, test } from './test.ts';

// "Copy link" and "Export record" write to the clipboard; the tests read it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const SEED = '0123456789abcdef0123456789abcdef';
const WASP_SEED = '00000000000000000000000000abcdef';

function startOf(variant: VariantId, options: Options, seed: string): GameState {
  return toPlayerView(newGame(variant, options, dealFromSeed(variant, seed)));
}

/** The label of the last card of column 5: enough to tell one deal from another. */
function lastCardOfColumn5(state: GameState) {
  const column = state.columns[4]!;
  return { row: column.length - 1, label: cardLabel(column[column.length - 1]!, true, 4) };
}

test('practice deals a typed seed, refuses a malformed one, and its copied link deals the same cards elsewhere', async ({
  page,
  browser,
}) => {
  await page.goto(`/practice?variant=scorpion&seed=${SEED}`);
  await expect(page.getByTestId('seed')).toHaveText(SEED);

  await page.getByText('New deal ▾').click();
  const menu = page.locator('form.menu');
  await menu.getByLabel('Variant').selectOption('wasp');
  await menu.getByLabel('Foundations').check();
  await menu.getByLabel('Seed').fill('0123456789abcdeg');
  await expect(menu.getByRole('checkbox', { name: 'Winnable deals only' })).toBeDisabled();
  await menu.getByRole('button', { name: 'Deal', exact: true }).click();
  await expect(menu.getByRole('alert')).toHaveText('A seed has only the digits 0–9 and the letters a–f, not “g”.');
  await expect(menu.getByLabel('Seed')).toHaveAttribute('aria-invalid', 'true');
  await screenshots(page, '18-practice-seed-error');
  await menu.getByLabel('Seed').fill('abcdef');
  await menu.getByRole('button', { name: 'Deal', exact: true }).click();
  await expect(menu.getByRole('alert')).toHaveText('A seed is 32 hex digits long; this one has 6.');
  await expect(page).toHaveURL(new RegExp(`seed=${SEED}`));

  // Capitals and spaces, as a seed read off another screen, are forgiven.
  await menu.getByLabel('Seed').fill(' 00000000 00000000 00000000 00ABCDEF ');
  await menu.getByRole('button', { name: 'Deal', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/practice\\?variant=wasp&seed=${WASP_SEED}&foundations=1$`));
  await expect(page.getByTestId('seed')).toHaveText(WASP_SEED);
  await expect(page.getByText('Wasp · foundations')).toBeVisible();
  const expected = lastCardOfColumn5(startOf('wasp', { foundations: true, open: false }, WASP_SEED));
  await expect(card(page, 4, expected.row)).toHaveAttribute('aria-label', expected.label);
  await screenshots(page, '19-practice-by-seed');

  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+/practice\\?variant=wasp&seed=${WASP_SEED}&foundations=1$`),
  );

  // A friend with nothing saved opens the link: the same variant, options and cards.
  const friend = await (await browser.newContext()).newPage();
  await friend.goto(link);
  await expect(friend.getByTestId('seed')).toHaveText(WASP_SEED);
  await expect(friend.getByRole('group', { name: /^Foundations:/ })).toBeVisible();
  await expect(card(friend, 4, expected.row)).toHaveAttribute('aria-label', expected.label);
  await friend.context().close();
});

test('a solved practice game replays step by step and exports a record that opens again by paste and by file', async ({
  page,
}) => {
  const options = { foundations: false, open: false };
  const line = dailyWinningLine();
  const record = recordOf('scorpion', options, dealFromSeed('scorpion', DAILY_SEED), line);
  const total = line.length;

  await practiceAt(page, { variant: 'scorpion', options, seed: DAILY_SEED }, line.slice(0, -1));
  await playByHand(page, line.at(-1)!);
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { name: 'Solved!' })).toBeVisible();
  await screenshots(page, '20-practice-solved');

  await over.getByRole('button', { name: 'Export record' }).click();
  const exported = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(exported)).toEqual(record);

  await over.getByRole('link', { name: 'Replay' }).click();
  await expect(page).toHaveURL(/\/replay\?from=practice$/);
  await expect(page.getByRole('heading', { name: 'Your practice game' })).toBeVisible();
  await expect(page.getByText(`Scorpion · solved · ${total} moves`)).toBeVisible();
  const steps = page.locator('.count');
  await expect(steps).toHaveText(`0/${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(steps).toHaveText(`1/${total}`);
  await page.getByRole('slider', { name: 'Move' }).fill('30');
  await expect(steps).toHaveText(`30/${total}`);
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(steps).toHaveText(`31/${total}`);
  await page.getByRole('button', { name: 'Last position' }).click();
  await expect(steps).toHaveText(`${total}/${total}`);
  await expect(page.locator('.column.complete')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Back to practice' })).toBeVisible();
  await screenshots(page, '21-practice-replay');

  // The exported text, pasted into the viewer, is the same game.
  await page.getByRole('button', { name: 'Another record' }).click();
  await expect(page).toHaveURL(/\/replay$/);
  await page.getByLabel('Record').fill(exported);
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Game record' })).toBeVisible();
  await expect(steps).toHaveText(`0/${total}`);
  await page.keyboard.press('End');
  await expect(steps).toHaveText(`${total}/${total}`);

  // A file whose second move is illegal opens up to it, and says so.
  await page.getByRole('button', { name: 'Another record' }).click();
  const illegal = { ...record, moves: [line[0], { kind: 'move', from: 0, row: 0, to: 1 }, line[1]] };
  await page.getByLabel('Choose a file…').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(illegal)),
  });
  await expect(page.getByRole('heading', { name: 'bad.json' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Move 2 of 3 is not legal here: Only face-up cards can move. The replay stops before it.',
  );
  await expect(steps).toHaveText('0/1');
  await screenshots(page, '22-replay-illegal-move');

  await page.getByRole('button', { name: 'Another record' }).click();
  await page.getByLabel('Record').fill('{"variant": "scorpion", "deck": 52}');
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('This is not a game record: deck must be an array of card codes.');
  await page.getByLabel('Record').fill('scorpion');
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/^This is not JSON \(.+\)\.$/);
  await screenshots(page, '23-replay-picker-error');
  await expect(page.locator('.board')).toHaveCount(0);
});

test('a practice game played in the browser says a challenge needs the server, and a nickname brings practice there', async ({
  page,
}) => {
  const options = { foundations: false, open: false };
  const line = dailyWinningLine();
  await practiceAt(page, { variant: 'scorpion', options, seed: DAILY_SEED }, line.slice(0, -1));
  await playByHand(page, line.at(-1)!);
  const over = page.getByTestId('game-over');
  await expect(over.getByTestId('challenge-note')).toContainText('A challenge link needs a game timed by the server');
  await expect(over.getByRole('button', { name: 'Beat my time: challenge a friend' })).toHaveCount(0);
  await screenshots(page, '29-practice-local-challenge-note');

  // With a nickname the same deal starts again on the server, on its clock.
  await over.getByRole('button', { name: 'Pick a nickname' }).click();
  await pickNickname(page, 'Lou');
  await expect(page.locator('.stat', { hasText: 'Time' })).toBeVisible();
  await expect(page.getByTestId('seed')).toHaveText(DAILY_SEED);
  await expect(await movesShown(page)).toHaveText('0');
  await expect(page.getByTestId('game-over')).toHaveCount(0);
});
