import { formatTime } from '../lib/format.ts';
import { m } from '../paraglide/messages.js';

/**
 * The words of the unsaved-moves note, a module of their own: the note sits under every game's
 * bar, the daily's first visit included, but speaks only when moves wait; its words are fetched
 * once the page is quiet (see UnsavedMoves.svelte), off the first visit's JavaScript and before
 * the network is likely to have gone.
 */

function clock(ms: number): string {
  return formatTime(ms, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** `42 s`, `2 min 5 s`: how long moves have waited. */
function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60
    ? m.unsaved_seconds({ seconds: s })
    : m.unsaved_minutes({ minutes: Math.floor(s / 60), seconds: s % 60 });
}

/** Moves not stored yet: how many, since when, and whether they are on their way. */
export function waitingText(count: number, since: number, now: number, online: boolean): string {
  const waiting = m.unsaved_waiting({ count, since: clock(since), ago: ago(now - since) });
  return `${waiting} ${online ? m.unsaved_saving() : m.unsaved_sent_later()}`;
}

/** A wait that was said, now over: the moves are stored. */
export function savedText(count: number, at: number, since: number): string {
  return m.unsaved_saved({ count, at: clock(at), since: clock(since) });
}
