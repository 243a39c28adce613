import type { Options, VariantId } from '@scorpion/rules';

/** Which game a puzzle is of: a variant and its options (the win-rate study's key, by shape). */
export interface PuzzleKey {
  readonly variant: VariantId;
  readonly options: Options;
}
