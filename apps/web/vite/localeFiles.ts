import { createHash } from 'node:crypto';
import { minifySync, type Rolldown } from 'vite';

/** What the entry's code says where the build writes the id of its messages' file (same length). */
export const ENTRY_PLACEHOLDER = 'msgs:entry';
/** The length of a file's id: the placeholder's, so that writing it in moves no code. */
const ID_LENGTH = ENTRY_PLACEHOLDER.length;
/** The name catalogues.ts gives its loader, which a page's chunk calls as it is evaluated. */
const LOADER = '__scorpionMessages';

/** Each language's compiled messages: each function's source, by key. */
export type Sources = Map<string, Map<string, string>>;

type Chunks = Record<string, Rolldown.RenderedChunk>;

/**
 * The messages a page needs in a language other than the base one, grouped by the chunk that
 * loads them: the entry (every message of the shell, fetched before the app mounts) and each
 * chunk loaded by a dynamic import (a page, a dialog, the error words), with every message of
 * the chunks it imports statically that the entry does not already hold. A first visit thus
 * fetches two small files of its language, not the whole catalogue; a chunk shared by two pages
 * has its messages in both pages' files.
 *
 * Each group's id is a hash of its messages in every language, so that a file changes name when
 * its words change, and so does the chunk that names it.
 */
export class LocaleFiles {
  /** The groups, by id: the keys of each. */
  private readonly groups = new Map<string, string[]>();

  private readonly sources: () => Sources;
  private readonly baseLocale: string;
  /** The id prefix of the message modules (vite/lazyLocales.ts makes one per message). */
  private readonly prefix: string;

  constructor(sources: () => Sources, baseLocale: string, prefix: string) {
    this.sources = sources;
    this.baseLocale = baseLocale;
    this.prefix = prefix;
  }

  /**
   * `chunk`'s code with its group: for the entry, the group's id in place of the placeholder;
   * for a dynamic import's chunk, a top-level await of its group's messages, so that whatever
   * imports it (the router's `import()`) gets it only once its words are there.
   */
  render(code: string, chunk: Rolldown.RenderedChunk, chunks: Chunks): string | undefined {
    if (chunk.isEntry) {
      if (!code.includes(ENTRY_PLACEHOLDER))
        throw new Error(`lazyLocales: the entry ${chunk.fileName} does not hold ${ENTRY_PLACEHOLDER}`);
      return code.replaceAll(ENTRY_PLACEHOLDER, this.group([...this.closure(chunk, chunks)].sort()));
    }
    if (!chunk.isDynamicEntry) return;
    const entry = Object.values(chunks).find((c) => c.isEntry);
    const shell = entry ? this.closure(entry, chunks) : new Set<string>();
    const keys = [...this.closure(chunk, chunks)].filter((key) => !shell.has(key)).sort();
    if (keys.length === 0) return;
    return `${code}\nawait globalThis.${LOADER}(${JSON.stringify(this.group(keys))});\n`;
  }

  /** Each language's file of each group, `<dir>/<locale>-<id>.js`, minified. */
  files(dir: string): { fileName: string; source: string }[] {
    const files: { fileName: string; source: string }[] = [];
    for (const [locale, messages] of this.sources()) {
      if (locale === this.baseLocale) continue;
      for (const [id, keys] of this.groups) {
        // One declaration: `export const` written once, not once per message.
        const body = `export const ${keys.map((key) => `${key} = ${messages.get(key)}`).join(',\n')};`;
        const fileName = `${dir}/${locale}-${id}.js`;
        const { code, errors } = minifySync(fileName, `${registryFor(body)}\n${body}`, { module: true });
        if (errors.length > 0) throw new Error(`lazyLocales: ${fileName}: ${errors[0]!.message}`);
        files.push({ fileName, source: code });
      }
    }
    return files;
  }

  /** Every message key in `chunk` and in the chunks it imports statically, which load with it. */
  private closure(chunk: Rolldown.RenderedChunk, chunks: Chunks): Set<string> {
    const keys = new Set<string>();
    const seen = new Set<string>();
    const visit = (c: Rolldown.RenderedChunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const id of c.moduleIds) if (id.startsWith(this.prefix)) keys.add(id.slice(this.prefix.length));
      for (const imported of c.imports) if (chunks[imported]) visit(chunks[imported]);
    };
    visit(chunk);
    return keys;
  }

  private group(keys: string[]): string {
    const hash = createHash('sha256');
    for (const [locale, messages] of this.sources()) {
      if (locale === this.baseLocale) continue;
      for (const key of keys) hash.update(`${locale}\0${key}\0${messages.get(key)}\0`);
    }
    const id = hash.digest('base64url').slice(0, ID_LENGTH).replace(/[-_]/g, 'x');
    this.groups.set(id, keys);
    return id;
  }
}

/** Paraglide's plural rule: the only helper of its registry the messages use (checked here). */
function registryFor(body: string): string {
  if (/registry\.(?!plural\()/.test(body))
    throw new Error('lazyLocales: a message uses more of the registry than plural');
  return /registry\.plural\(/.test(body)
    ? 'const registry = { plural: (l, n, o) => new Intl.PluralRules(l, o).select(Number(n)) };'
    : '';
}
