import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

/*
 * The server's import graph has no circle (type-only imports included): each layer imports only
 * those below it, and a cycle is how a layer upside down shows first.
 */

const SRC = import.meta.dirname;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

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
  const files = sources(SRC);
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
