import { parseArgs as nodeParseArgs, type ParseArgsConfig } from 'node:util';

/** The flags one command takes: `node:util` parseArgs' option table. */
export type FlagSpec = NonNullable<ParseArgsConfig['options']>;

/** The flags a command was given: `--name value` as a string, a bare `--switch` as `true`. */
export interface Args {
  readonly flags: ReadonlyMap<string, string | true>;
}

/** What node's parser says, in the words of the usage line; the flag it quotes is kept. */
function usageMessage(error: Error & { code?: unknown }, command: string): string {
  const flag = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `${command} has no flag ${flag}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message)
        ? `${flag} is a switch and takes no value`
        : `${flag} needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `${command} takes flags only, not ${/'([^']*)'/.exec(error.message)?.[1] ?? 'words'}`;
    default:
      return error.message;
  }
}

/**
 * The flags of `command` from `argv`, through `node:util` parseArgs in strict mode: a flag the
 * command does not take (a misspelt one too), a missing value or a stray word is a UsageError,
 * never silently ignored.
 */
export function parseArgs(argv: readonly string[], spec: FlagSpec, command: string): Args {
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({ args: [...argv], options: spec, strict: true, allowPositionals: false });
  } catch (error) {
    if (error instanceof TypeError && 'code' in error) throw new UsageError(usageMessage(error, command));
    throw error;
  }
  const flags = new Map<string, string | true>();
  for (const [name, value] of Object.entries(parsed.values)) {
    // `--limit-nodes=` would otherwise be read as 0, and `--dir=` as the current directory.
    if (value === '') throw new UsageError(`--${name} needs a value`);
    if (typeof value === 'string') flags.set(name, value);
    else if (value === true) flags.set(name, true);
  }
  return { flags };
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

/** A mistake in how the command was called: reported on stderr with usage, exit status 2. */
export class UsageError extends Error {}
