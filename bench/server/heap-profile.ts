import { readFileSync } from 'node:fs';

/** A node of a `.heapprofile` (V8's sampling heap profiler). */
interface HeapNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly HeapNode[];
}

const frameName = ({ functionName, url, lineNumber }: HeapNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;

/**
 * Bytes allocated per action by function: `self` where the allocation happened, `inclusive` with
 * everything it called (a function counted once per stack). Inlined functions count as their caller.
 */
export function allocationsPerAction(head: HeapNode, actions: number) {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode, stack: readonly string[]) => {
    const here = [...stack, frameName(node.callFrame)];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const name = here.at(-1)!;
      self.set(name, (self.get(name) ?? 0) + node.selfSize);
      for (const frame of new Set(here)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(head, []);
  const perAction = (m: Map<string, number>) =>
    [...m].map(([name, bytes]) => ({ name, bytes: bytes / actions })).sort((a, b) => b.bytes - a.bytes);
  return { total: total / actions, self: perAction(self), inclusive: perAction(inclusive) };
}

/** `node --import tsx bench/server/heap-profile.ts FILE ACTIONS [ROWS]`: the largest allocators. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, actions, rows = '30'] = process.argv.slice(2);
  const profile = JSON.parse(readFileSync(file!, 'utf8')) as { head: HeapNode };
  const figures = allocationsPerAction(profile.head, Number(actions));
  console.log(`${figures.total.toFixed(0)} B per action`);
  for (const kind of ['self', 'inclusive'] as const) {
    console.log(`\n| ${kind} B/action | function |\n|---|---|`);
    for (const { name, bytes } of figures[kind].slice(0, Number(rows)))
      console.log(`| ${bytes.toFixed(0)} | ${name} |`);
  }
}
