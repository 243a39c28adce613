import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test.ts';

/*
 * One player on two devices, each a browser context of its own (its own cookies): a passkey made
 * on one signs the other in, and a link code does the same where there is no passkey. Passkeys
 * need a domain, so these pages are at localhost, not 127.0.0.1. The authenticators are
 * Chromium's virtual ones, through the DevTools protocol.
 */
const site = `http://localhost:${process.env.E2E_PORT}`;

async function device(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { page, cdp, authenticatorId };
}

async function signUp(context: BrowserContext, page: Page, nickname: string) {
  expect((await context.request.post(`${site}/api/players`, { data: { nickname } })).status()).toBe(201);
  await page.goto(`${site}/devices`);
  await expect(page.getByRole('heading', { name: 'Your devices and passkeys' })).toBeVisible();
}

const signedInAs = (page: Page, nickname: string) =>
  expect(page.getByRole('button', { name: nickname, exact: true })).toBeVisible();

test('a passkey added on one device signs another in as the same player', async ({ browser }) => {
  const laptopContext = await browser.newContext();
  const phoneContext = await browser.newContext();
  const laptop = await device(laptopContext);
  const phone = await device(phoneContext);
  const nickname = `Keyed ${Date.now() % 100000}`;

  await signUp(laptopContext, laptop.page, nickname);
  await laptop.page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(laptop.page.getByTestId('passkeys')).toContainText('Passkey added on');

  // The passkey syncs to the phone as a platform's keychain would carry it.
  const { credentials } = await laptop.cdp.send('WebAuthn.getCredentials', { authenticatorId: laptop.authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await phone.cdp.send('WebAuthn.addCredential', {
    authenticatorId: phone.authenticatorId,
    credential: credentials[0]!,
  });

  await phone.page.goto(`${site}/link`);
  await phone.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await phone.page.waitForURL(`${site}/`);
  await signedInAs(phone.page, nickname);
  await expect(phone.page.locator('[data-connection="online"]')).toBeVisible();

  await laptop.page.reload();
  await expect(laptop.page.getByTestId('devices').getByRole('listitem')).toHaveCount(2);
  await expect(laptop.page.getByTestId('passkeys')).toContainText('last used');

  await laptopContext.close();
  await phoneContext.close();
});

test('a link code from one device signs another in; signing that device out sends it back to nobody', async ({
  browser,
}) => {
  const laptopContext = await browser.newContext();
  const phoneContext = await browser.newContext();
  const laptop = await laptopContext.newPage();
  const phone = await phoneContext.newPage();
  const nickname = `Linked ${Date.now() % 100000}`;

  await signUp(laptopContext, laptop, nickname);
  await laptop.getByRole('button', { name: 'Show a code' }).click();
  const code = (await laptop.getByTestId('link-code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(laptop.getByRole('img', { name: /QR code/ })).toBeVisible();

  // What the QR code opens: the code rides in the fragment and fills the form.
  await phone.goto(`${site}/link#${code}`);
  await expect(phone.getByLabel(/Code from your other device/)).toHaveValue(code);
  await expect(phone).toHaveURL(`${site}/link`);
  await phone.getByRole('button', { name: 'Sign in with the code' }).click();
  await phone.waitForURL(`${site}/`);
  await signedInAs(phone, nickname);
  await expect(phone.locator('[data-connection="online"]')).toBeVisible();

  // Used once: the same code on a third device is refused.
  const thirdContext = await browser.newContext();
  const third = await thirdContext.newPage();
  await third.goto(`${site}/link`);
  await third.getByLabel(/Code from your other device/).fill(code);
  await third.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(third.getByRole('alert')).toContainText('wrong, used already or expired');

  // The laptop signs the phone out: the phone's socket closes and the page starts again as nobody.
  await laptop.reload();
  const phoneRow = laptop.getByTestId('devices').getByRole('listitem').filter({ hasNotText: 'this device' });
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await expect(laptop.getByTestId('devices').getByRole('listitem')).toHaveCount(1);
  await expect(phone.getByRole('button', { name: nickname, exact: true })).toBeHidden();
  await phone.goto(`${site}/devices`);
  await expect(phone.getByText('This device plays as nobody yet.')).toBeVisible();

  await thirdContext.close();
  await laptopContext.close();
  await phoneContext.close();
});

test('signing this very device out asks first, and says when nothing could sign the player in again', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const nickname = `Lone ${Date.now() % 100000}`;
  await signUp(context, page, nickname);
  const mine = page.getByTestId('devices').getByRole('listitem').filter({ hasText: 'this device' });

  await mine.getByRole('button', { name: 'Sign out' }).click();
  await expect(mine.getByRole('alert')).toHaveText(
    `With no passkey and no other device signed in, nobody can play as ${nickname} again once this device is signed out.`,
  );
  await mine.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(mine.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await signedInAs(page, nickname);

  await mine.getByRole('button', { name: 'Sign out' }).click();
  await mine.getByRole('button', { name: 'Really sign out' }).click();
  // The page starts again as nobody: at home, or where it was if the socket's 4010 reloads it first.
  await expect(page.getByRole('button', { name: nickname, exact: true })).toBeHidden();
  await page.goto(`${site}/devices`);
  await expect(page.getByText('This device plays as nobody yet.')).toBeVisible();
  await context.close();
});
