import { newId } from '../identity/token.ts';
import type { GameRow } from '../repo/types.ts';

export type NewGame = Pick<GameRow, 'playerId' | 'kind' | 'variant' | 'options' | 'seed' | 'playerSeed' | 'deck'> &
  Partial<
    Pick<GameRow, 'dailyDate' | 'raceId' | 'ranked' | 'startedAt' | 'arenaId' | 'arenaDeal' | 'berserk' | 'closesAt'>
  >;

/** A game not yet played: what every new game row holds besides what `spec` says. */
export function newGameRow(spec: NewGame, now: number): GameRow {
  return {
    id: newId(),
    dailyDate: null,
    raceId: null,
    ranked: false,
    startedAt: now,
    arenaId: null,
    arenaDeal: null,
    berserk: false,
    closesAt: null,
    ...spec,
    status: 'playing',
    pausedMs: 0,
    finishedAt: null,
    timeMs: null,
    seq: 0,
    moves: 0,
    undos: 0,
    progress: 0,
    faceDown: 0,
  };
}
