import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  currentState,
  dealFromSeed,
  type GameState,
  type Move,
  newGame,
  newHistory,
  parseFace,
  play,
  toPlayerView,
  undo,
} from '../../packages/rules/src/index.ts';
import { chooseAction, type Deal, scriptFor } from './script.ts';

const SEEDS = [
  '00000000000000000000000000000001',
  '0123456789abcdef0123456789abcdef',
  'ffffffffffffffff0000000000000000',
];
const OPTIONS = { foundations: false, open: false };

describe('scriptFor', () => {
  test.each(SEEDS)(
    'deal %s: every action is what a player choosing from its own view would send, at its move number',
    (seed) => {
      const deal: Deal = { variant: 'scorpion', options: OPTIONS, deck: dealFromSeed('scorpion', seed) };
      const script = scriptFor(deal, 'game-1', 60);
      expect(script.actions).toHaveLength(60);
      // Replayed beside it, as a client sees the game: face-down cards and the stock unknown.
      let history = newHistory(newGame(deal.variant, deal.options, deal.deck));
      script.actions.forEach((action, seq) => {
        expect(action).toEqual(chooseAction(toPlayerView(currentState(history)), seq));
        const frame = JSON.parse(script.frames[seq]!) as Record<string, unknown>;
        expect(frame).toEqual(
          action.kind === 'undo'
            ? { type: 'undo', gameId: 'game-1', expect: seq }
            : { type: 'move', gameId: 'game-1', expect: seq, move: action },
        );
        if (action.kind === 'undo') history = undo(history);
        else {
          const played = play(history, action as Move);
          if (!played.ok) throw new Error(played.reason);
          history = played.history;
        }
      });
    },
  );

  test('these deals make the players undo as well as move and deal, as the load should', () => {
    const kinds = new Set(
      SEEDS.flatMap((seed) =>
        scriptFor({ variant: 'scorpion', options: OPTIONS, deck: dealFromSeed('scorpion', seed) }, 'g', 60).actions.map(
          (a) => a.kind,
        ),
      ),
    );
    expect([...kinds].sort()).toEqual(['deal', 'move', 'undo']);
  });

  test('stops before the move that would win, so that no race ends in the window', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../../apps/server/src/test/fixtures/winning-scorpion.json', import.meta.url), 'utf8'),
    ) as { deck: string[]; moves: Move[] };
    const deal: Deal = { variant: 'scorpion', options: OPTIONS, deck: fixture.deck.map((code) => parseFace(code)!) };
    const followLine = (_: GameState, seq: number) => fixture.moves[seq]!;
    const script = scriptFor(deal, 'g', fixture.moves.length + 10, followLine);
    expect(script.actions).toEqual(fixture.moves.slice(0, -1));
  });

  test('stops at an undo with nothing to undo', () => {
    const deal: Deal = { variant: 'scorpion', options: OPTIONS, deck: dealFromSeed('scorpion', SEEDS[0]!) };
    expect(scriptFor(deal, 'g', 10, () => ({ kind: 'undo' })).actions).toEqual([]);
  });
});
