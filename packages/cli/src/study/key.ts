import { isVariantId, type Options, type VariantId } from '@scorpion/rules';

/** One row of the table: a variant and its options. */
export interface StudyKey {
  readonly variant: VariantId;
  readonly options: Options;
}

/** `scorpion`, `scorpion+open`, `wasp+foundations+open`: the row's name and its file's stem. */
export function keyName({ variant, options }: StudyKey): string {
  return [variant, ...(options.foundations ? ['foundations'] : []), ...(options.open ? ['open'] : [])].join('+');
}

/** The key a file stem names, or undefined for a stem that is not one. */
export function parseKeyName(name: string): StudyKey | undefined {
  const [variant, ...rest] = name.split('+');
  if (!isVariantId(variant)) return undefined;
  if (rest.some((option) => option !== 'foundations' && option !== 'open')) return undefined;
  const options = { foundations: rest.includes('foundations'), open: rest.includes('open') };
  return keyName({ variant, options }) === name ? { variant, options } : undefined;
}
