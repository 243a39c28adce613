import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { sourceFiles } from './test/source-files.ts';

/*
 * The server's import graph has no circle (type-only imports included): each layer imports only
 * those below it, and a cycle is how a layer upside down shows first.
 */

const SRC = import.meta.dirname;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
/** An import or re-export with what it names (group 1) and where from (group 2), or a dynamic import (group 3). */
const NAMED =
  /(?:^|\n)\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every cycle's files (Tarjan's strongly connected components), named from `src/`. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      component.push(relative(SRC, top));
    } while (top !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test('no module of the server imports itself back, however far round', () => {
  const files = sourceFiles(SRC, /\.ts$/);
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => {
      const imported = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) =>
        resolve(dirname(file), m[1] ?? m[2]!),
      );
      return [file, imported.filter((to) => known.has(to))] as const;
    }),
  );
  expect([...graph.values()].flat().length).toBeGreaterThan(files.length);
  expect(cycles(graph)).toStrictEqual([]);
});

/** Whether a statement's names are all types (`import type …`, or `{ type A, type B }`): nothing of it runs. */
function typesOnly(names: string): boolean {
  if (/^type\s/.test(names)) return true;
  const braces = /^\{([^}]*)\}$/.exec(names.trim());
  if (!braces) return false;
  const members = braces[1]!
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
  return members.length > 0 && members.every((m) => /^type\s/.test(m));
}

/**
 * What a repository may run besides storage: the calendar and the keyed lock. A rule (the daily
 * totals, a rating's repetition, the nickname look-alikes) stays in the core that owns it (games/,
 * races/, daily/, ratings/, identity/…), which hands its result, or the rule itself, to the
 * repository as an argument. Types may come from anywhere: the ports speak the core's words.
 */
const STORAGE_MAY_RUN = ['repo/', 'db/', 'clock.ts', 'keyed-lock.ts'];

test('a repository only stores and reads: outside its tests, repo/ runs nothing of the core', () => {
  const stores = sourceFiles(join(SRC, 'repo'), /\.ts$/).filter(
    (file) => !file.endsWith('.test.ts') && !relative(SRC, file).startsWith('repo/contract/'),
  );
  expect(stores.length).toBeGreaterThan(50);
  const ran = stores.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(NAMED)]
      .filter((m) => m[3] !== undefined || !typesOnly(m[1]!))
      .map((m) => relative(SRC, resolve(dirname(file), m[2] ?? m[3]!)))
      .filter((to) => !STORAGE_MAY_RUN.some((allowed) => to.startsWith(allowed)))
      .map((to) => `${relative(SRC, file)} → ${to}`),
  );
  expect(ran).toStrictEqual([]);
});
