import { randomBytes } from 'node:crypto';
import { dealFromSeed, isSeed, isVariantId, recordOf, VARIANT_IDS } from '@scorpion/rules';
import { type Args, type FlagSpec, stringFlag, UsageError } from '../args.ts';

export const DEAL_FLAGS: FlagSpec = {
  variant: { type: 'string' },
  seed: { type: 'string' },
  foundations: { type: 'boolean' },
  open: { type: 'boolean' },
};

/** `scorpion deal --variant V --seed HEX [--foundations] [--open]`: a record with no moves. */
export function dealCommand(args: Args): string {
  const variant = stringFlag(args, 'variant') ?? 'scorpion';
  if (!isVariantId(variant)) throw new UsageError(`unknown variant ${variant}; one of ${VARIANT_IDS.join(', ')}`);
  const seed = stringFlag(args, 'seed')?.toLowerCase() ?? randomBytes(16).toString('hex');
  if (!isSeed(seed)) throw new UsageError('--seed takes 32 hex digits (128 bits)');
  const options = { foundations: args.flags.has('foundations'), open: args.flags.has('open') };
  return JSON.stringify(recordOf(variant, options, dealFromSeed(variant, seed), []));
}
