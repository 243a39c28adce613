/** Flags of the form `--name value` and bare `--switch`, and the words that are not flags. */
export interface Args {
  readonly words: string[];
  readonly flags: ReadonlyMap<string, string | true>;
}

export function parseArgs(argv: readonly string[]): Args {
  const words: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) flags.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  return { words, flags };
}

export function stringFlag(args: Args, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

export function numberFlag(args: Args, name: string): number | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} takes a number, not ${value}`);
  return n;
}

/** A mistake in how the command was called: reported on stderr with exit status 2. */
export class UsageError extends Error {}
