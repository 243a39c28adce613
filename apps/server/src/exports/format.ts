import { GameKind, VariantId } from '@scorpion/protocol';
import { z } from 'zod';

/**
 * One line of a month's export file (docs/open-data.md describes each field): a game record as
 * `scorpion replay` reads it (`variant`, `options`, `deck`, `moves`), then what the game was.
 * Strict: a field not named here is never written, so nothing private can slip in unnoticed.
 */
export const ExportedGame = z.strictObject({
  variant: VariantId,
  options: z.strictObject({ foundations: z.boolean(), open: z.boolean() }),
  /** The whole deck in deal order, card codes (`AS`, `TD`…). */
  deck: z.array(z.string()),
  /** The moves that stand at the game's end (undone ones left out), as the rules take them. */
  moves: z.array(z.unknown()),
  kind: GameKind,
  /** The game's id on the site (`/api/games/:id`), or null for a player who hid their name. */
  game: z.string().nullable(),
  /** The player's nickname, or `anonymous-N`: the same N for the same hidden player within one file. */
  player: z.string(),
  ranked: z.boolean(),
  status: z.enum(['won', 'gave-up', 'timed-out']),
  /** Time on the game's clock, ms (server downtime not counted). */
  timeMs: z.number().int().nonnegative(),
  undos: z.number().int().nonnegative(),
  /** When the game ended, ISO 8601 UTC. */
  finishedAt: z.string(),
  /** A daily game: its date, its day number, and its rank on the day's board (null: not on it). */
  daily: z
    .strictObject({
      date: z.string(),
      day: z.number().int(),
      rank: z.number().int().positive().nullable(),
      /** How many ranked results the day's board holds. */
      played: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type ExportedGame = z.infer<typeof ExportedGame>;

/** The licence every export is released under, as lichess's database is. */
export const LICENSE = {
  id: 'CC0-1.0',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
} as const;

/** The file name a month's export is served and saved as. */
export function exportFileName(month: string): string {
  return `scorpion-games-${month}.jsonl.gz`;
}
