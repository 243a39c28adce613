import { DEFAULT_OPTIONS, isSeed, isVariantId, type Options, type VariantId } from '@scorpion/rules';

/** Everything that recreates a practice deal; it is what the shareable link carries. */
export interface PracticeConfig {
  readonly variant: VariantId;
  readonly options: Options;
  readonly seed: string;
}

export function configFromQuery(query: URLSearchParams): PracticeConfig | undefined {
  const seed = query.get('seed')?.toLowerCase();
  if (!isSeed(seed)) return undefined;
  const variant = query.get('variant') ?? 'scorpion';
  return {
    variant: isVariantId(variant) ? variant : 'scorpion',
    options: { foundations: query.get('foundations') === '1', open: query.get('open') === '1' },
    seed,
  };
}

export function practiceHref(config: PracticeConfig): string {
  const query = new URLSearchParams({ variant: config.variant, seed: config.seed });
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
