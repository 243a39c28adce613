import { describe, expect, it } from 'vitest';
import { replayPlayed } from './played.ts';
import { BURIED } from './test-positions.ts';

const START = BURIED;
const LIFT = { kind: 'move', from: 2, row: 3, to: 0 } as const;
const ACROSS = { kind: 'move', from: 0, row: 0, to: 1 } as const;

describe('replayPlayed', () => {
  it('every move played is a choice with its thinking time, undone ones too; the line is what stands', () => {
    const played = replayPlayed({
      start: START,
      startedAt: 1_000,
      actions: [
        { action: LIFT, at: 3_000 },
        { action: { kind: 'undo' }, at: 3_500 },
        { action: { kind: 'redo' }, at: 4_000 },
        { action: ACROSS, at: 9_000 },
        { action: { kind: 'undo' }, at: 9_200 },
      ],
    });
    expect(played.decisions.map((d) => [d.move, d.thinkMs])).toEqual([
      [LIFT, 2_000],
      [ACROSS, 5_000],
    ]);
    expect(played.decisions[1]!.state.columns[0]).toHaveLength(10);
    expect(played.line).toEqual([LIFT]);
    expect(played).toMatchObject({ undos: 2, redos: 1 });
  });

  it('a move played after an undo replaces what could be redone', () => {
    const played = replayPlayed({
      start: START,
      startedAt: 0,
      actions: [
        { action: LIFT, at: 1 },
        { action: ACROSS, at: 2 },
        { action: { kind: 'undo' }, at: 3 },
        { action: { kind: 'move', from: 0, row: 0, to: 1 }, at: 4 },
      ],
    });
    expect(played.line).toEqual([LIFT, ACROSS]);
    expect(played.decisions).toHaveLength(3);
  });

  it('a log that does not replay is refused, not guessed at', () => {
    expect(() => replayPlayed({ start: START, startedAt: 0, actions: [{ action: { kind: 'undo' }, at: 1 }] })).toThrow(
      /nothing to undo/,
    );
    expect(() => replayPlayed({ start: START, startedAt: 0, actions: [{ action: ACROSS, at: 1 }] })).toThrow(/illegal/);
  });
});
