import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';

/*
 * The app installed on a desktop and opened from there, in a language, looked at as a person
 * would see the screen: `xvfb-run -a -s "-screen 0 1280x900x24" pnpm exec tsx
 * e2e/installed-screenshot.ts http://localhost:8080 de shot.xwd` (then `xwdtopnm shot.xwd |
 * pnmtopng`). Not a test: a headless browser has no app window (its page never reports
 * standalone display), so it needs a display server, which CI has no use for. First a browser
 * installs the app (the DevTools protocol's `PWA.install`, what the omnibox's install button
 * does); then the same profile opens it in its own window, and the page must say it is
 * standalone and in the language asked for before the screen is kept (`xwd`, the whole display).
 */
const [base = 'http://localhost:8080', lang = 'de', out = 'installed.xwd'] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), 'scorpion-installed-'));
const args = (...more: string[]) => ({
  ...CHROMIUM_LAUNCH,
  // No offer to translate the page: it is in the language asked for.
  args: [...CHROMIUM_LAUNCH.args, `--lang=${lang}`, '--disable-features=Translate', ...more],
  headless: false,
  locale: lang,
  viewport: null,
});
try {
  const browser = await chromium.launchPersistentContext(profile, args());
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await (await browser.newCDPSession(page)).send('PWA.install', { manifestId: `${base}/` });
  await browser.close();

  const app = await chromium.launchPersistentContext(profile, args(`--app=${base}/`, '--window-size=1200,800'));
  // The app's window opens beside the blank page the browser starts with.
  const opened = (p: Page) => p.url().startsWith(base);
  const window = app.pages().find(opened) ?? (await app.waitForEvent('page', { predicate: opened }));
  await window.waitForLoadState('networkidle');
  const seen = await window.evaluate(() => ({
    standalone: matchMedia('(display-mode: standalone)').matches,
    lang: document.documentElement.lang,
  }));
  if (!seen.standalone || seen.lang !== lang)
    throw new Error(`not the installed app in ${lang}: ${JSON.stringify(seen)}`);
  execFileSync('xwd', ['-root', '-silent', '-out', out]);
  await app.close();
  console.log(`${out}: the installed app, standalone, in ${lang}`);
} finally {
  rmSync(profile, { recursive: true, force: true });
}
