import { test as base } from '@playwright/test';

/*
 * Playwright's `test`, which every spec imports from here: the browser contexts a test opens
 * itself (`browser.newContext()`, for a second player or a device) are closed when it ends, as
 * the `page` fixture's own context is. Left open, they stayed for the whole run in its one
 * worker, each page still holding its socket, its timers and a clock that repaints every
 * second: 57 renderer processes were alive two thirds into a CI run, Chromium's compositor
 * busy drawing their pages, every later test slower for it. Contexts that were open as the test began (a file's `beforeAll` players,
 * shared by its tests) are the file's to close.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(browser.contexts().map((context) => (before.has(context) ? undefined : context.close())));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
