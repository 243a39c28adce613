import { SEED_PATTERN } from '@scorpion/rules';
import { m } from '../paraglide/messages.js';

export type SeedInput =
  | { readonly ok: true; readonly seed: string | undefined }
  | { readonly ok: false; readonly error: string };

/**
 * What a player typed in the seed field: nothing (a fresh random deal) or a seed as
 * `dealFromSeed` takes it, 32 hex digits. Copied seeds come with stray spaces or capitals,
 * so those are forgiven; anything else gets a message that says what is wrong with it.
 */
export function parseSeedInput(text: string): SeedInput {
  const seed = text.replace(/\s+/g, '').toLowerCase();
  if (seed === '') return { ok: true, seed: undefined };
  const stray = /[^0-9a-f]/.exec(seed);
  if (stray) return { ok: false, error: m.practice_seed_stray({ char: stray[0] }) };
  if (!SEED_PATTERN.test(seed)) return { ok: false, error: m.practice_seed_length({ count: seed.length }) };
  return { ok: true, seed };
}
