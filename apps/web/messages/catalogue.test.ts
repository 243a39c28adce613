import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The catalogue's own checks: every language complete, nothing in it that no page says, and each
 * message taking the same placeholders in every language (a translation that drops `{name}` would
 * silently say less; one that adds `{nmae}` would print "undefined").
 */

const HERE = import.meta.dirname;
const SRC = join(HERE, '../src');
const settings = JSON.parse(readFileSync(join(HERE, '../project.inlang/settings.json'), 'utf8')) as {
  baseLocale: string;
  locales: string[];
};

/** A simple message is a pattern; a message with variants (plurals) is an array of declarations and matches. */
type Message = string | { declarations?: string[]; selectors?: string[]; match: Record<string, string> }[];

function catalogue(locale: string): Record<string, Message> {
  const { $schema: _, ...messages } = JSON.parse(readFileSync(join(HERE, `${locale}.json`), 'utf8'));
  return messages;
}

/** The names a message is called with: its `{placeholders}`, and in a message with variants its `input`s. */
export function inputsOf(message: Message): string[] {
  const names = new Set<string>();
  const patterns = typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
  const locals = new Set<string>();
  if (typeof message !== 'string') {
    for (const variant of message) {
      for (const declaration of variant.declarations ?? []) {
        const [kind, name] = declaration.split(/\s+/);
        if (kind === 'input' && name) names.add(name);
        if (kind === 'local' && name) locals.add(name);
      }
    }
  }
  for (const pattern of patterns) {
    for (const [, name] of pattern.matchAll(/\{\s*([A-Za-z_][\w]*)\s*\}/g)) if (!locals.has(name!)) names.add(name!);
  }
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'paraglide' ? [] : sourceFiles(path);
    return /\.(ts|svelte)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const base = catalogue(settings.baseLocale);
const keys = Object.keys(base).sort();

describe('the message catalogue', () => {
  it('has the languages the settings name, English first', () => {
    expect(settings.baseLocale).toBe('en');
    expect(settings.locales).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es']));
  });

  for (const locale of settings.locales.filter((l) => l !== settings.baseLocale)) {
    it(`${locale}: every message of ${settings.baseLocale}, and no other`, () => {
      const translated = catalogue(locale);
      expect(
        keys.filter((key) => !(key in translated)),
        'missing',
      ).toEqual([]);
      expect(
        Object.keys(translated).filter((key) => !(key in base)),
        'not in the base language',
      ).toEqual([]);
    });

    it(`${locale}: each message takes the placeholders it takes in ${settings.baseLocale}`, () => {
      const translated = catalogue(locale);
      const differ = keys
        .filter((key) => key in translated)
        .filter((key) => inputsOf(translated[key]!).join() !== inputsOf(base[key]!).join())
        .map((key) => `${key}: ${inputsOf(base[key]!).join()} ≠ ${inputsOf(translated[key]!).join()}`);
      expect(differ).toEqual([]);
    });
  }

  it('holds only messages that some source file says (as m.key)', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\bm\.([A-Za-z_]\w*)/g)) used.add(key!);
    }
    expect(keys.filter((key) => !used.has(key))).toEqual([]);
  });

  it('names each message area_thing, in lower case', () => {
    expect(keys.filter((key) => !/^[a-z]+(_[a-z0-9]+)+$/.test(key))).toEqual([]);
  });
});

describe('inputsOf', () => {
  it('reads placeholders, and the inputs of a message with variants but not its locals', () => {
    expect(inputsOf('Hello {name}, {count} new')).toEqual(['count', 'name']);
    expect(
      inputsOf([
        {
          declarations: ['input count', 'local countPlural = count: plural'],
          selectors: ['countPlural'],
          match: { 'countPlural=one': '{count} move', 'countPlural=other': '{count} moves by {who}' },
        },
      ]),
    ).toEqual(['count', 'who']);
  });
});
