import type { Readable } from 'node:stream';

/** Hands each whole line of `stream` to `out` with `prefix` in front: one terminal, many processes. */
export function prefixLines(stream: Readable | null, prefix: string, out: (line: string) => void): void {
  let pending = '';
  stream?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) out(prefix + line);
  });
  stream?.on('end', () => {
    if (pending.trim()) out(prefix + pending);
  });
}
