import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` whose path matches `kind` (`/\.ts$/`), at any depth: for the tests that read the server's own code. */
export function sourceFiles(dir: string, kind: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, kind);
    return kind.test(path) ? [path] : [];
  });
}
