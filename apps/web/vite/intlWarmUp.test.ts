import { expect, it } from 'vitest';
import { intlWarmUpScript } from './intlWarmUp.ts';

/** Runs the script with an `Intl` that records what is built, and a `setTimeout` the test runs. */
function run(chosen: string, entries: Record<string, string>) {
  const built: string[] = [];
  const later: (() => void)[] = [];
  const recorder = (kind: string) =>
    class {
      constructor(locales: string | string[]) {
        built.push(`${kind} ${[locales].flat().join()}`);
      }
      of = () => '';
      format = () => '';
      select = () => '';
    };
  const intl = {
    DisplayNames: recorder('DisplayNames'),
    DateTimeFormat: recorder('DateTimeFormat'),
    PluralRules: recorder('PluralRules'),
    NumberFormat: recorder('NumberFormat'),
  };
  const setTimeout = (run: () => void) => later.push(run);
  new Function('chosen', 'entries', 'Intl', 'setTimeout', intlWarmUpScript())(chosen, entries, intl, setTimeout);
  return { built, later };
}

it("builds the page's Intl objects in a task after the first script's, for every language's name and the chosen one's formats", () => {
  const { built, later } = run('de', { en: '/assets/index.js', de: '/assets/de/index.js' });
  expect(built).toEqual([]);
  expect(later).toHaveLength(1);
  later[0]!();
  expect(built).toEqual([
    'DisplayNames en',
    'DisplayNames de',
    'DateTimeFormat de',
    'PluralRules de',
    'NumberFormat de',
  ]);
});

it('never throws where a browser lacks one of them', () => {
  const { later } = run('en', { en: '/assets/index.js' });
  const script = () =>
    new Function('chosen', 'entries', 'Intl', 'setTimeout', intlWarmUpScript())('en', {}, {}, (f: () => void) => f());
  expect(script).not.toThrow();
  expect(later).toHaveLength(1);
});
