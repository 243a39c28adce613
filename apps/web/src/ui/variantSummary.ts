import type { VariantId } from '@scorpion/rules';
import { m } from '../paraglide/messages.js';

/** Each variant's summary in the player's language (the rules package keeps the English one). */
const SUMMARIES: Record<VariantId, () => string> = {
  scorpion: m.rules_variant_scorpion,
  'scorpion-tail': m.rules_variant_scorpion_tail,
  wasp: m.rules_variant_wasp,
  'scorpion-ii': m.rules_variant_scorpion_ii,
  'three-blind-mice': m.rules_variant_three_blind_mice,
  'double-scorpion': m.rules_variant_double_scorpion,
};

/** `Seven columns of seven, …`: what sets a variant apart, for the rules page and the forms. */
export function variantSummary(id: VariantId): string {
  return SUMMARIES[id]();
}
