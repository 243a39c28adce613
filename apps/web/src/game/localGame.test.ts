import { legalMoves, parseRecord, replay } from '@scorpion/rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalGame } from './localGame.svelte.ts';
import type { PracticeConfig } from './practiceConfig.ts';
import { configFromQuery, practiceHref } from './practiceConfig.ts';

const config: PracticeConfig = {
  variant: 'scorpion',
  options: { foundations: false, open: false },
  seed: '0123456789abcdef0123456789abcdef',
};

beforeEach(() => {
  const store = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  };
});

describe('LocalGame', () => {
  it('comes back after a reload at the same move, redo included', () => {
    const game = new LocalGame(config);
    for (let i = 0; i < 3; i++) expect(game.play(legalMoves(game.view)[0]!)).toBeUndefined();
    game.undo();
    const again = new LocalGame(config);
    expect(again.moveCount).toBe(2);
    expect(again.canRedo).toBe(true);
    expect(again.view).toEqual(game.view);
    expect(LocalGame.savedConfig()).toEqual(config);
  });

  it('says whether an undo or a redo had anything to do (the board announces it)', () => {
    const game = new LocalGame({ ...config, seed: 'fedcba9876543210fedcba9876543210' });
    expect(game.undo()).toBe('nothing');
    expect(game.redo()).toBe('nothing');
    game.play(legalMoves(game.view)[0]!);
    expect(game.undo()).toBe('done');
    expect(game.redo()).toBe('done');
    expect(game.redo()).toBe('nothing');
  });

  it('starts afresh for another deal', () => {
    new LocalGame(config).play({ kind: 'deal' });
    expect(new LocalGame({ ...config, seed: 'f'.repeat(32) }).moveCount).toBe(0);
  });

  it('exports the moves so far as a record that replays to the same position', () => {
    const game = new LocalGame(config);
    for (let i = 0; i < 3; i++) game.play(legalMoves(game.view)[0]!);
    game.undo();
    const parsed = parseRecord(JSON.parse(JSON.stringify(game.record)));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.record.moves).toEqual(game.moves);
    const replayed = replay(parsed.start, parsed.record.moves);
    expect(replayed.ok && replayed.state).toEqual(game.fullState);
    // The replay page reads the same record back from the browser's save.
    expect(LocalGame.savedRecord()).toEqual(game.record);
  });

  it('has no saved record to replay before a practice game, or when the save is damaged', () => {
    expect(LocalGame.savedRecord()).toBeUndefined();
    localStorage.setItem('scorpion.practice', JSON.stringify({ config: { ...config, seed: 'nope' }, moves: [] }));
    expect(LocalGame.savedRecord()).toBeUndefined();
  });

  it('explains an illegal move instead of playing it', () => {
    expect(new LocalGame(config).play({ kind: 'move', from: 0, row: 0, to: 1 })).toBe('not-face-up');
  });

  it('shares a deal through its link', () => {
    const href = practiceHref({ ...config, options: { foundations: true, open: false } });
    expect(configFromQuery(new URL(href, 'http://x').searchParams)).toEqual({
      ...config,
      options: { foundations: true, open: false },
    });
  });
});
