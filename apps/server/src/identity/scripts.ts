/**
 * Which writing systems a name uses, after Unicode's "highly restrictive" profile (UTS #39):
 * one script, or Latin together with the scripts that are written beside it in Japanese,
 * Chinese and Korean. Mixing others (Latin with Cyrillic or Greek, say) is how a name is made to
 * look like someone else's, so it is refused.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
type Script = (typeof SCRIPTS)[number] | 'Other';

const MATCHERS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const);

const BUNDLES: readonly (readonly Script[])[] = [
  ...SCRIPTS.map((s) => [s]),
  ['Other'],
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** The scripts a letter belongs to; some belong to several (a kana prolonged-sound mark). */
function scriptsOf(letter: string): Script[] {
  const found = MATCHERS.filter(([, re]) => re.test(letter)).map(([name]) => name);
  return found.length > 0 ? found : ['Other'];
}

/** True when the letters of `name` cannot all be read as one of the allowed bundles. */
export function mixesScripts(name: string): boolean {
  const letters = [...name].filter((ch) => /\p{L}/u.test(ch)).map(scriptsOf);
  return !BUNDLES.some((bundle) => letters.every((scripts) => scripts.some((s) => bundle.includes(s))));
}
