/**
 * How every browser run here starts Chromium: Debian's build (Playwright downloads none), with
 * background traffic off so that what a page loads is all that travels. The e2e projects
 * (playwright.config.ts) and the browser bench (bench/web) both use it.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
