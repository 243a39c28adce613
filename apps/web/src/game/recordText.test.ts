import { dealFromSeed, legalMoves, newGame, recordOf } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { readRecord, recordText } from './recordText.ts';

const SEED = '0123456789abcdef0123456789abcdef';
const deck = dealFromSeed('scorpion', SEED);
const start = newGame('scorpion', { foundations: false, open: false }, deck);
const first = legalMoves(start)[0]!;
const record = recordOf('scorpion', { foundations: false, open: false }, deck, [first, { kind: 'deal' }]);

describe('recordText', () => {
  it('is one line of JSON in the CLI format, read back as the same record', () => {
    const text = recordText(record);
    expect(text).not.toContain('\n');
    expect(Object.keys(JSON.parse(text))).toEqual(['variant', 'options', 'deck', 'moves']);
    const opened = readRecord(text);
    expect(opened.ok && opened.record).toEqual(record);
    expect(opened.ok && opened.states.length).toBe(3);
    expect(opened.ok && opened.illegal).toBeUndefined();
  });
});

describe('readRecord', () => {
  it('asks for a record when there is nothing', () => {
    expect(readRecord('  ')).toEqual({ ok: false, error: 'Paste a game record or choose a file first.' });
  });

  it('says when the text is not JSON', () => {
    const opened = readRecord('{"variant": scorpion}');
    expect(opened.ok).toBe(false);
    expect(!opened.ok && opened.error).toMatch(/^This is not JSON \(.+\)\.$/);
  });

  it('says when several records are pasted at once, as the CLI writes them', () => {
    const text = `${recordText(record)}\n${recordText(record)}\n`;
    expect(readRecord(text)).toEqual({
      ok: false,
      error: 'This holds several records, one per line: open one at a time.',
    });
  });

  it("passes on the rules' reason for JSON that is not a record", () => {
    expect(readRecord('[1, 2]')).toEqual({ ok: false, error: 'This is not a game record: a record is a JSON object.' });
    expect(readRecord(JSON.stringify({ ...record, variant: 'klondike' }))).toEqual({
      ok: false,
      error: 'This is not a game record: unknown variant: "klondike".',
    });
    expect(readRecord(JSON.stringify({ ...record, deck: record.deck.slice(1) }))).toEqual({
      ok: false,
      error: 'This is not a game record: deck must hold 52 cards, not 51.',
    });
  });

  it('opens a record with an illegal move up to that move, and says which move and why', () => {
    const bad = { ...record, moves: [first, { kind: 'move', from: 0, row: 0, to: 1 }, { kind: 'deal' }] };
    const opened = readRecord(JSON.stringify(bad));
    expect(opened.ok && opened.states.length).toBe(2);
    expect(opened.ok && opened.illegal).toEqual({ move: 2, reason: 'Only face-up cards can move.' });
    expect(opened.ok && opened.status).toBe('playing');
  });
});
