import { type Args, type FlagSpec, parseArgs, UsageError } from './args.ts';
import { DEAL_FLAGS, dealCommand } from './commands/deal.ts';
import { PUZZLES_MINE_FLAGS, PUZZLES_PACK_FLAGS, puzzlesMineCommand, puzzlesPackCommand } from './commands/puzzles.ts';
import { REPLAY_FLAGS, replayLine } from './commands/replay.ts';
import { SHOW_FLAGS, showRecord } from './commands/show.ts';
import { SOLVE_FLAGS, solveBatch } from './commands/solve.ts';
import { STUDY_FLAGS, studyCommand } from './commands/study.ts';
import { WIN_RATES_FLAGS, winRatesCommand } from './commands/win-rates.ts';
import { inputLines, stopQuietlyOnClosedPipe } from './io.ts';

const USAGE = `usage: scorpion <command> [flags]
  deal [--variant V] [--seed HEX] [--foundations] [--open]
                                                         print a deal as a game record (scorpion; a random seed)
  show [--reveal]                                        records on stdin → text boards
  replay [--trace]                                       records on stdin → one JSON result per line
  solve [--limit-nodes N] [--limit-ms T] [--progress]    records on stdin → the solver's verdict per line
  study [--variant V] --deals N [--open] [--foundations] [--workers W] [--limit-ms T] [--limit-nodes N] [--dir D]
        [--retry-unknown] [--progress]
                                                         solves seeded deals (resumable) → the variant's win-rate row
  win-rates [--dir D] [--doc FILE] [--web FILE]          checks the studies, packs them, writes the win-rate table
  puzzles mine [--variant V] [--open] [--foundations] [--deals N] [--limit-nodes N] [--max-moves M] [--dir D] [--studies S]
        [--games FILE[,FILE…]]
                                                         mines puzzles from the study's won deals, or (--games) from
                                                         the won games of public exports (resumable)
  puzzles pack [--dir D] [--limit-nodes N]               checks every puzzle with the solver, packs them, prints the counts
  --help                                                 this text`;

/** Runs a command over stdin line by line; returns the exit status (1 when any line failed). */
type LineCommand = (line: string, args: Args) => { text: string; ok: boolean };

const lineCommands: Record<string, LineCommand> = {
  show: showRecord,
  replay: (line, args) => {
    const { json, ok } = replayLine(line, args);
    return { text: json, ok };
  },
};

/** Every command and the flags it takes; parseArgs refuses any other. */
const FLAGS: Record<string, FlagSpec> = {
  deal: DEAL_FLAGS,
  show: SHOW_FLAGS,
  replay: REPLAY_FLAGS,
  solve: SOLVE_FLAGS,
  study: STUDY_FLAGS,
  'win-rates': WIN_RATES_FLAGS,
  'puzzles mine': PUZZLES_MINE_FLAGS,
  'puzzles pack': PUZZLES_PACK_FLAGS,
};

/** `--help`, `-h` or `help`, anywhere: asked for, so the usage goes to stdout and is no mistake. */
const HELP = new Set(['--help', '-h', 'help']);

async function run(argv: readonly string[]): Promise<number> {
  const [first, ...words] = argv;
  if (first === undefined) throw new UsageError('no command given');
  // `puzzles` has two commands of its own, `puzzles mine` and `puzzles pack`.
  const [command, rest] =
    first === 'puzzles' && words[0] !== undefined && !words[0].startsWith('-')
      ? [`${first} ${words[0]}`, words.slice(1)]
      : [first, words];
  if (HELP.has(command) || rest.some((word) => word === '--help' || word === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const spec = Object.hasOwn(FLAGS, command) ? FLAGS[command] : undefined;
  if (!spec) throw new UsageError(`unknown command ${command}`);
  const args = parseArgs(rest, spec, command);
  if (command === 'deal') {
    process.stdout.write(`${dealCommand(args)}\n`);
    return 0;
  }
  if (command === 'study') {
    const write = (stream: NodeJS.WriteStream) => (text: string) => stream.write(text);
    return studyCommand(args, { out: write(process.stdout), err: write(process.stderr), tty: process.stderr.isTTY });
  }
  if (command === 'puzzles mine') return puzzlesMineCommand(args, (text) => process.stderr.write(text));
  if (command === 'puzzles pack') {
    return puzzlesPackCommand(
      args,
      (text) => process.stdout.write(text),
      (text) => process.stderr.write(text),
    );
  }
  if (command === 'win-rates') return winRatesCommand(args, (text) => process.stderr.write(text));
  if (command === 'solve') {
    const lines: string[] = [];
    for await (const line of inputLines(process.stdin)) lines.push(line);
    const showProgress = process.stderr.isTTY || args.flags.has('progress');
    const toStderr = (text: string) => process.stderr.write(text);
    return solveBatch(lines, args, (text) => process.stdout.write(text), showProgress ? toStderr : undefined);
  }
  const perLine = lineCommands[command]!;
  let status = 0;
  for await (const line of inputLines(process.stdin)) {
    const { text, ok } = perLine(line, args);
    if (!ok) status = 1;
    process.stdout.write(`${text}\n`);
  }
  return status;
}

/** An error from the operating system (ENOENT, EACCES, EISDIR…), which names its file in its message. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

stopQuietlyOnClosedPipe(process.stdout);
run(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`scorpion: ${error.message}\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (isSystemError(error)) {
      // A file that cannot be read or written (`--dir`, `--doc`, `--web`): its reason, not a stack.
      process.stderr.write(`scorpion: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  },
);
