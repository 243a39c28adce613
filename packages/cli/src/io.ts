import { createInterface } from 'node:readline';

/** What a command prints: lines for stdout, and the exit status. */
export interface Output {
  readonly lines: string[];
  readonly status: number;
}

/** Each non-blank line of a stream, as it arrives, so long batches start at once. */
export async function* inputLines(input: NodeJS.ReadableStream): AsyncGenerator<string> {
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line.trim() !== '') yield line;
  }
}

/** Parses one JSON line, or says why it is not JSON. */
export function parseJsonLine(line: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch {
    return { ok: false, error: 'not valid JSON' };
  }
}

/**
 * Ends the command quietly when the reader of its output has gone (`scorpion replay … | head`):
 * a closed pipe means nobody wants the rest, not a failure worth a stack trace.
 */
export function stopQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
