import { type GameSnapshot, PublicGame, ServerMessage } from '@scorpion/protocol';
import {
  currentState,
  type GameState,
  type History,
  type Move,
  newGame,
  newHistory,
  parseDeck,
  play,
  redo,
  undo,
} from '@scorpion/rules';
import { expect } from 'vitest';
import { gate } from '../secrecy.ts';
import { getJson } from './http.ts';
import { visibleCodes } from './visible.ts';

/*
 * The leak tests' judge: once a game is public, every position it passed through is rebuilt from
 * its public record and action log, and each frame sent while it was secret is checked against
 * the position it speaks of: no card that was not face up there, no seed.
 */

/** Every state a game passed through, by `seq`, rebuilt from its public record and action log. */
function statesOf(game: PublicGame): GameState[] {
  const deck = parseDeck(game.record.deck, game.record.variant === 'double-scorpion' ? 2 : 1);
  if (typeof deck === 'string') throw new Error(deck);
  let history: History = newHistory(newGame(game.record.variant, game.record.options, deck));
  const states = [currentState(history)];
  for (const { action } of game.actions) {
    if (action.kind === 'undo') history = undo(history);
    else if (action.kind === 'redo') history = redo(history);
    else {
      const played = play(history, action as Move);
      if (!played.ok) throw new Error(`public game does not replay: ${played.reason}`);
      history = played.history;
    }
    states.push(currentState(history));
  }
  return states;
}

function snapshotsIn(frame: ServerMessage): GameSnapshot[] {
  if (frame.type === 'game') return [frame.game];
  if ((frame.type === 'ack' || frame.type === 'error') && frame.game) return [frame.game];
  return [];
}

/** The game and position a frame speaks of, when it names cards without a snapshot (a small ack). */
function positionOf(frame: ServerMessage): { gameId: string; seq: number } | undefined {
  return frame.type === 'ack' && !frame.game ? { gameId: frame.gameId, seq: frame.seq } : undefined;
}

/** A card's code in a frame's text. */
const CODE = /"([A2-9TJQK][CDHS])"/g;

/**
 * Every frame in `texts` names only cards face up in the game (and at the position) it speaks
 * of, and no seed of `seeds`: `states` holds every position of those games, by `seq`.
 */
export function checkFrames(
  texts: readonly string[],
  states: Map<string, GameState[]>,
  seeds: readonly string[],
): void {
  for (const text of texts) {
    for (const seed of seeds) expect(text).not.toContain(seed);
    const frame = ServerMessage.parse(JSON.parse(text));
    const snapshots = snapshotsIn(frame);
    const allowed = new Set<string>();
    for (const snapshot of snapshots) {
      const state = states.get(snapshot.gameId)![snapshot.seq]!;
      expect(snapshot.view).toEqual(gate.position(state));
      expect(snapshot.record).toBeNull();
      for (const c of visibleCodes(state)) allowed.add(c);
    }
    // A small ack names the cards its move turned over: they must be face up after it.
    const position = positionOf(frame);
    if (position) for (const c of visibleCodes(states.get(position.gameId)![position.seq]!)) allowed.add(c);
    // A watched board shows the racer's cards face up at that position, and no other.
    if (frame.type === 'race-board') {
      const state = states.get(frame.gameId)![frame.seq]!;
      expect(frame.view).toEqual(gate.position(state));
      for (const c of visibleCodes(state)) allowed.add(c);
    }
    for (const [, card] of text.matchAll(CODE))
      expect(allowed.has(card!), `${card} in ${text.slice(0, 200)}`).toBe(true);
  }
}

/** Every position of each public game, by `seq`, and their seeds. */
export async function publicStates(
  url: string,
  ids: readonly string[],
): Promise<{ states: Map<string, GameState[]>; seeds: string[] }> {
  const states = new Map<string, GameState[]>();
  const seeds: string[] = [];
  for (const id of ids) {
    const { status, body } = await getJson(`${url}/api/games/${id}`, PublicGame);
    expect(status).toBe(200);
    states.set(id, statesOf(body));
    seeds.push(body.seed!);
  }
  return { states, seeds };
}
