/**
 * Folds letters of Cyrillic and Greek that look like Latin ones onto the Latin letter, so that
 * `сосо` written in Cyrillic and `coco` written in Latin share one uniqueness key. A small part
 * of Unicode's confusables table (UTS #39): the lower-case letters that are drawn the same in
 * common fonts. Input is already lower case.
 */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

export function skeleton(lower: string): string {
  let out = '';
  for (const ch of lower) out += LOOK_ALIKES[ch] ?? ch;
  return out;
}
