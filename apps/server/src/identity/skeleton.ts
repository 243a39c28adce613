import unhomoglyph from 'unhomoglyph';

/**
 * Folds on top of Unicode's confusables data (unhomoglyph carries confusables.txt 13.0), which
 * is case-sensitive: there `I` looks like `l` but `i` does not. Keys also fold case, so `i` must
 * join `l` too, or `ALICE` (`allce`) and `alice` would differ; the Cyrillic palochka, a dotless
 * stroke the data sends to `i`, goes the same way.
 */
const EXTRA: Record<string, string> = { i: 'l', ӏ: 'l', Ӏ: 'l' };

/** Unicode's confusable skeleton (UTS #39, section 4): decompose, map to prototypes, decompose. */
function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

function foldExtra(text: string): string {
  let out = '';
  for (const ch of text) out += EXTRA[ch] ?? ch;
  return out;
}

/**
 * The key two names share when they look alike, in any script and any case: `ΤΟΜΑΧ` in Greek and
 * `tomax`, `B0BB0` and `bobbo`, `pauI` and `paul`, `rnary` and `mary`, Cyrillic `аӏісе` and
 * `alice`. The confusables data is case-sensitive (`0` looks like `O`, not `o`; Greek `Μ` like
 * `M`, while its lower case `μ` is nothing like `m`), so the skeleton is taken before folding
 * case and again after (a lower-case `m` is `rn`), until nothing changes. Not for display.
 */
export function skeleton(text: string): string {
  let key = text;
  // Each round only maps onto prototypes; two rounds settle every name, the cap is a guard.
  for (let round = 0; round < 4; round++) {
    const next = foldExtra(confusableSkeleton(key).toLowerCase());
    if (next === key) break;
    key = next;
  }
  return key;
}
