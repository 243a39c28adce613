import { expect, it } from 'vitest';
import { parseStudy } from './results.ts';

const loss = (index: number) => JSON.stringify({ index, seed: 'ab', result: 'loss', nodes: 5, ms: 0 });

it('reads one result per deal and keeps the first of repeats', () => {
  const win = JSON.stringify({ index: 1, seed: 'cd', result: 'win', line: [{ kind: 'deal' }], nodes: 9, ms: 1 });
  const text = `${loss(0)}\n${win}\n${loss(1)}\n`;
  const parsed = parseStudy(text);
  expect([...parsed.results.keys()]).toEqual([0, 1]);
  expect(parsed.results.get(1)?.result).toBe('win');
  expect(parsed.soundLength).toBe(text.length);
});

it('leaves out a torn last line and says where the whole lines end', () => {
  const whole = `${loss(0)}\n`;
  const parsed = parseStudy(`${whole}{"index":1,"seed":"ab","res`);
  expect([...parsed.results.keys()]).toEqual([0]);
  expect(parsed.soundLength).toBe(whole.length);
});

it('refuses a whole line that is not a result', () => {
  expect(() => parseStudy(`${loss(0)}\nnot json\n`)).toThrow('line 2 is not JSON');
  expect(() => parseStudy('{"index":0,"result":"draw"}\n')).toThrow('line 1 is not a study result');
});

it('takes a later win or loss over an unknown, never an unknown over a verdict', () => {
  const unknown = JSON.stringify({ index: 0, seed: 'ab', result: 'unknown', reason: 'time-limit', nodes: 9, ms: 10 });
  expect(parseStudy(`${unknown}\n${loss(0)}\n`).results.get(0)?.result).toBe('loss');
  expect(parseStudy(`${loss(0)}\n${unknown}\n`).results.get(0)?.result).toBe('loss');
});
