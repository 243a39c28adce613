import { DEFAULT_OPTIONS, isSeed, isVariantId, type Options, type VariantId } from '@scorpion/rules';
import { parseLineParam } from './lineParam.ts';

/** Everything that recreates a practice deal; it is what the shareable link carries. */
export interface PracticeConfig {
  readonly variant: VariantId;
  readonly options: Options;
  readonly seed: string;
  /** Moves (`lineParam`) that reach the position the game starts from: "Try it yourself" from a public game's analysis. */
  readonly from?: string;
}

/** The deal a practice game is wanted on; no seed: the server deals it, and keeps it until the end. */
export interface PracticeDeal {
  readonly variant: VariantId;
  readonly options: Options;
  readonly seed?: string;
  /** Only with a seed: the game starts after these moves, and is played in the browser. */
  readonly from?: string;
}

export function configFromQuery(query: URLSearchParams): PracticeConfig | undefined {
  const deal = dealFromQuery(query);
  return deal.seed === undefined ? undefined : { ...deal, seed: deal.seed };
}

/** The deal a link names: variant and options, and its seed when it has a well-formed one. */
export function dealFromQuery(query: URLSearchParams): PracticeDeal {
  const seed = query.get('seed')?.toLowerCase();
  const variant = query.get('variant') ?? 'scorpion';
  const from = query.get('from') ?? '';
  return {
    variant: isVariantId(variant) ? variant : 'scorpion',
    options: { foundations: query.get('foundations') === '1', open: query.get('open') === '1' },
    ...(isSeed(seed) ? { seed, ...(from && parseLineParam(from) ? { from } : {}) } : {}),
  };
}

export function practiceHref(config: PracticeDeal): string {
  const query = new URLSearchParams({ variant: config.variant });
  if (config.seed !== undefined) query.set('seed', config.seed);
  if (config.options.foundations) query.set('foundations', '1');
  if (config.options.open) query.set('open', '1');
  if (config.from) query.set('from', config.from);
  return `/practice?${query}`;
}

export function sameConfig(a: PracticeConfig, b: PracticeConfig): boolean {
  return (
    a.variant === b.variant &&
    a.seed === b.seed &&
    a.options.foundations === b.options.foundations &&
    a.options.open === b.options.open &&
    (a.from ?? '') === (b.from ?? '')
  );
}

export const DEFAULT_PRACTICE = { variant: 'scorpion', options: DEFAULT_OPTIONS } as const;
