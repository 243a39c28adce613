import type { RawData } from 'ws';
import { refuse } from '../refusal.ts';

/**
 * How much may wait behind an `identify` being resolved: a page sends one or two requests right
 * after it (the daily's `daily-join`), not a stream; what is held is parked in memory, so a
 * socket gets a few frames' worth and is told beyond that.
 */
export const HELD_FRAMES = 8;
export const HELD_BYTES = 8 * 1024;

export const HELD_FULL = refuse(
  'rate-limited',
  `At most ${HELD_FRAMES} frames (${HELD_BYTES / 1024} KiB) wait for an identify to bind this socket: send this again after welcome.`,
);

/** The answer to each frame held behind an `identify` that was refused (a `ping` still gets its pong). */
export const IDENTIFY_REFUSED = refuse(
  'unidentified',
  'The identify this frame followed was refused: this socket has no player, and nothing was done.',
);

/**
 * The frames that follow `identify` on an early socket while its player is looked up, in the
 * order they came: handed to the player's socket once bound, or each refused if it is not.
 */
export class HeldFrames {
  readonly frames: RawData[] = [];
  #bytes = 0;

  /** Holds `data` if it fits the bound; false (nothing held) when it does not. */
  hold(data: RawData): boolean {
    const size = Array.isArray(data) ? data.reduce((n, part) => n + part.byteLength, 0) : data.byteLength;
    if (this.frames.length >= HELD_FRAMES || this.#bytes + size > HELD_BYTES) return false;
    this.frames.push(data);
    this.#bytes += size;
    return true;
  }
}
