import { DEFAULT_OPTIONS, isSeed, isVariantId, type Options, type VariantId } from '@scorpion/rules';

/** Everything that recreates a practice deal; it is what the shareable link carries. */
export interface PracticeConfig {
  readonly variant: VariantId;
  readonly options: Options;
  readonly seed: string;
}

/** The deal a practice game is wanted on; no seed: the server deals it, and keeps it until the end. */
export interface PracticeDeal {
  readonly variant: VariantId;
  readonly options: Options;
  readonly seed?: string;
}

export function configFromQuery(query: URLSearchParams): PracticeConfig | undefined {
  const deal = dealFromQuery(query);
  return deal.seed === undefined ? undefined : { ...deal, seed: deal.seed };
}

/** The deal a link names: variant and options, and its seed when it has a well-formed one. */
export function dealFromQuery(query: URLSearchParams): PracticeDeal {
  const seed = query.get('seed')?.toLowerCase();
  const variant = query.get('variant') ?? 'scorpion';
  return {
    variant: isVariantId(variant) ? variant : 'scorpion',
    options: { foundations: query.get('foundations') === '1', open: query.get('open') === '1' },
    ...(isSeed(seed) ? { seed } : {}),
  };
}

export function practiceHref(config: PracticeDeal): string {
  const query = new URLSearchParams({ variant: config.variant });
  if (config.seed !== undefined) query.set('seed', config.seed);
  if (config.options.foundations) query.set('foundations', '1');
  if (config.options.open) query.set('open', '1');
  return `/practice?${query}`;
}

export function sameConfig(a: PracticeConfig, b: PracticeConfig): boolean {
  return (
    a.variant === b.variant &&
    a.seed === b.seed &&
    a.options.foundations === b.options.foundations &&
    a.options.open === b.options.open
  );
}

export const DEFAULT_PRACTICE = { variant: 'scorpion', options: DEFAULT_OPTIONS } as const;
