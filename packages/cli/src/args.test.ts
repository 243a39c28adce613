import { expect, test } from 'vitest';
import { parseArgs, UsageError } from './args.ts';
import { DEAL_FLAGS } from './commands/deal.ts';

const deal = (...argv: string[]) => parseArgs(argv, DEAL_FLAGS, 'deal');

test('reads values, inline values and switches the command takes', () => {
  expect(deal('--variant', 'scorpion', '--seed=abc', '--open').flags).toEqual(
    new Map<string, string | true>([
      ['variant', 'scorpion'],
      ['seed', 'abc'],
      ['open', true],
    ]),
  );
  expect(deal().flags.size).toBe(0);
});

test('an unknown or misspelt flag, a missing value, a valued switch or a stray word is a usage error', () => {
  const refused: [string[], string][] = [
    [['--varaint', 'scorpion'], 'deal has no flag --varaint'],
    [['--reveal'], 'deal has no flag --reveal'],
    [['-v'], 'deal has no flag -v'],
    [['--seed'], '--seed needs a value'],
    [['--seed', '--open'], '--seed needs a value'],
    [['--seed='], '--seed needs a value'],
    [['--variant', ''], '--variant needs a value'],
    [['--open=yes'], '--open is a switch and takes no value'],
    [['scorpion'], 'deal takes flags only, not scorpion'],
  ];
  for (const [argv, message] of refused) {
    expect(() => deal(...argv), argv.join(' ')).toThrow(UsageError);
    expect(() => deal(...argv), argv.join(' ')).toThrow(message);
  }
});
