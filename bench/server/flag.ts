/** The value after `--name` on this process's command line, or `fallback`: the benches' own flags. */
export function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
