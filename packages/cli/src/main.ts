import { type Args, parseArgs, UsageError } from './args.ts';
import { dealCommand } from './commands/deal.ts';
import { replayLine } from './commands/replay.ts';
import { showRecord } from './commands/show.ts';
import { solveBatch } from './commands/solve.ts';
import { inputLines } from './io.ts';

const USAGE = `usage: scorpion <command> [flags]
  deal --variant V --seed HEX [--foundations] [--open]   print a seeded deal as a game record
  show [--reveal]                                        records on stdin → text boards
  replay [--trace]                                       records on stdin → one JSON result per line
  solve [--limit-nodes N] [--limit-ms T] [--progress]    records on stdin → the solver's verdict per line`;

/** Runs a command over stdin line by line; returns the exit status (1 when any line failed). */
type LineCommand = (line: string, args: Args) => { text: string; ok: boolean };

const lineCommands: Record<string, LineCommand> = {
  show: showRecord,
  replay: (line, args) => {
    const { json, ok } = replayLine(line, args);
    return { text: json, ok };
  },
};

async function run(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  const args = parseArgs(rest);
  if (command === 'deal') {
    process.stdout.write(`${dealCommand(args)}\n`);
    return 0;
  }
  if (command === 'solve') {
    const lines: string[] = [];
    for await (const line of inputLines(process.stdin)) lines.push(line);
    const showProgress = process.stderr.isTTY || args.flags.has('progress');
    const toStderr = (text: string) => process.stderr.write(text);
    return solveBatch(lines, args, (text) => process.stdout.write(text), showProgress ? toStderr : undefined);
  }
  const perLine = command === undefined ? undefined : lineCommands[command];
  if (!perLine) throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  let status = 0;
  for await (const line of inputLines(process.stdin)) {
    const { text, ok } = perLine(line, args);
    if (!ok) status = 1;
    process.stdout.write(`${text}\n`);
  }
  return status;
}

run(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`scorpion: ${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
  },
);
