import type { GameAction } from '../../packages/protocol/src/index.ts';
import type { Script } from './script.ts';

/*
 * One player of the arena load, as a state machine the load's clients drive: play the deal's
 * scripted moves, give it up, ask for the next deal, and again. Every deal ends by a give-up, so
 * the table changes all the time (each player's deal, sheet and "in play" flag) and the
 * standings are pushed to every socket that follows them, which is the cost being measured.
 * No move wins (the scripts stop before a winning move), so every score stays 0: the load is
 * about the frames, not the points.
 */

/** What the player waits an answer for, and when it was sent (`performance.now()`). */
export type InFlight =
  | { readonly kind: 'move'; readonly at: number; readonly seq: number; readonly action: GameAction }
  | { readonly kind: 'give-up'; readonly at: number }
  | { readonly kind: 'next'; readonly at: number; readonly deal: number };

export interface ArenaPlayer {
  readonly index: number;
  /** The deal in play or the last one dealt (0 before the first), its game and its move number. */
  deal: number;
  gameId: string | undefined;
  seq: number;
  /** The game of `deal` is over (given up): the next action asks for the next deal. */
  over: boolean;
  /** The deal's scripted moves, once its cards are known; a refused move ends the script. */
  script: Script | undefined;
  scriptDone: boolean;
  inFlight: InFlight | undefined;
  /** Standings frames received in the timed window, and the shortest gap between two, in ms. */
  standings: number;
  lastStandingsAt: number | undefined;
  minStandingsGapMs: number;
}

export function newPlayer(index: number): ArenaPlayer {
  return {
    index,
    deal: 0,
    gameId: undefined,
    seq: 0,
    over: true,
    script: undefined,
    scriptDone: false,
    inFlight: undefined,
    standings: 0,
    lastStandingsAt: undefined,
    minStandingsGapMs: Number.POSITIVE_INFINITY,
  };
}

/**
 * How many moves player `index` plays of each deal before giving it up: from 4 to 20, by the
 * player's number, so the deals' ends spread over time instead of coming all in one second.
 */
export const movesPerDeal = (index: number) => 4 + (index % 17);

/** The frame the player sends now, or undefined when it waits (an answer, or its deal's cards). */
export function nextFrame(player: ArenaPlayer, arenaId: string, now: number): string | undefined {
  if (player.inFlight) return undefined;
  if (player.over) {
    const deal = player.deal + 1;
    player.inFlight = { kind: 'next', at: now, deal };
    return JSON.stringify({ type: 'arena-next', arenaId, deal, berserk: false, rid: `n${deal}` });
  }
  const script = player.script;
  if (!script) return undefined;
  const limit = Math.min(script.frames.length, movesPerDeal(player.index));
  if (!player.scriptDone && player.seq < limit) {
    player.inFlight = { kind: 'move', at: now, seq: player.seq, action: script.actions[player.seq]! };
    return script.frames[player.seq];
  }
  player.inFlight = { kind: 'give-up', at: now };
  return JSON.stringify({ type: 'give-up', gameId: player.gameId, rid: `g${player.deal}` });
}

/** What an answer meant to the load: a round trip to time, an ack to record, an error to count. */
export interface Answer {
  readonly kind: InFlight['kind'];
  readonly rttMs: number;
  /** A move acknowledged as stored: `[gameId, seq, action]`, for the check against the store. */
  readonly acked?: readonly [string, number, GameAction];
  readonly error?: string;
  /** A new deal was dealt: its game, whose cards the load must read to script it. */
  readonly dealt?: { readonly deal: number; readonly gameId: string };
}

interface Frame {
  readonly type: string;
  readonly gameId?: string;
  readonly seq?: number;
  readonly duplicate?: boolean;
  readonly code?: string;
  readonly game?: { readonly gameId: string; readonly seq: number; readonly status: string; readonly kind: string };
}

/**
 * Takes in a frame that may answer the player's action in flight (an ack, an error, a game);
 * returns what it meant, or undefined for a frame that answers nothing.
 */
export function answer(player: ArenaPlayer, frame: Frame, now: number): Answer | undefined {
  const flight = player.inFlight;
  if (!flight) return undefined;
  const rttMs = now - flight.at;
  if (frame.type === 'error') {
    player.inFlight = undefined;
    // A refused move ends the deal's script (the player gives up next); a refused give-up or
    // next leaves the player where it was, to try again at its next turn.
    if (flight.kind === 'move') player.scriptDone = true;
    return { kind: flight.kind, rttMs, error: frame.code ?? 'error' };
  }
  const gameId = player.gameId;
  if (flight.kind === 'move' && frame.type === 'ack' && gameId !== undefined && frame.gameId === gameId) {
    player.inFlight = undefined;
    // The ack's seq is the game's after the action: the action was stored at the one before.
    if (frame.seq !== flight.seq + 1) {
      player.scriptDone = true;
      return { kind: 'move', rttMs, error: 'out-of-step' };
    }
    player.seq = frame.seq;
    return {
      kind: 'move',
      rttMs,
      ...(frame.duplicate ? {} : { acked: [gameId, flight.seq, flight.action] as const }),
    };
  }
  const game = frame.type === 'game' ? frame.game : undefined;
  if (game?.kind !== 'arena') return undefined;
  if (flight.kind === 'give-up' && game.gameId === player.gameId && game.status !== 'playing') {
    player.inFlight = undefined;
    player.over = true;
    return { kind: 'give-up', rttMs };
  }
  if (flight.kind === 'next' && game.gameId !== player.gameId) {
    player.inFlight = undefined;
    Object.assign(player, { deal: flight.deal, gameId: game.gameId, seq: game.seq, over: false });
    Object.assign(player, { script: undefined, scriptDone: false });
    return { kind: 'next', rttMs, dealt: { deal: flight.deal, gameId: game.gameId } };
  }
  return undefined;
}

/** A standings frame arrived; counted only in the timed window. */
export function standingsArrived(player: ArenaPlayer, now: number, measuring: boolean): void {
  if (!measuring) return;
  player.standings++;
  if (player.lastStandingsAt !== undefined) {
    player.minStandingsGapMs = Math.min(player.minStandingsGapMs, now - player.lastStandingsAt);
  }
  player.lastStandingsAt = now;
}

/**
 * Whether a frame's text is a standings push, read from its start without parsing it (the
 * server writes `type` first); the load parses any other frame and counts a standings frame
 * written otherwise all the same.
 */
export const isStandings = (text: string) => text.startsWith('{"type":"arena-standings"');
