import type { GameSnapshot, ServerMessage } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import { racesInPlay } from './racesInPlay.ts';

/** A game frame: only the fields the list reads matter. */
const game = (gameId: string, kind: GameSnapshot['kind'], roomCode: string | null, status: GameSnapshot['status']) =>
  ({ type: 'game', game: { gameId, kind, roomCode, status } }) as unknown as ServerMessage;

describe('racesInPlay', () => {
  it('takes the race games a welcome lists, and nothing else of it', () => {
    const welcome = {
      type: 'welcome',
      games: [
        { gameId: 'r1', kind: 'race', roomCode: 'K7MPQ2' },
        { gameId: 'd1', kind: 'daily', roomCode: null },
      ],
    } as unknown as ServerMessage;
    expect([...racesInPlay(new Map([['old', 'AAAAAA']]), welcome)]).toEqual([['r1', 'K7MPQ2']]);
  });

  it('adds a race game dealt in play and drops it once it is over', () => {
    const dealt = racesInPlay(new Map(), game('r2', 'race', 'K7MPQ2', 'playing'));
    expect([...dealt]).toEqual([['r2', 'K7MPQ2']]);
    expect(racesInPlay(dealt, game('r2', 'race', 'K7MPQ2', 'playing'))).toBe(dealt);
    expect(racesInPlay(dealt, game('r2', 'race', 'K7MPQ2', 'gave-up')).size).toBe(0);
  });

  it('leaves the list alone for games that are not races, and for other frames', () => {
    const none = new Map<string, string>();
    expect(racesInPlay(none, game('p1', 'practice', null, 'playing'))).toBe(none);
    expect(racesInPlay(none, { type: 'pong' } as unknown as ServerMessage)).toBe(none);
  });
});
