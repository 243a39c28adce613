import { compareFinish, type GameStatus, type RacerProgress } from '@scorpion/protocol';
import { formatDuration } from './format.ts';

/** The heading over a racer's own board once their game is over and the others race on. */
export function finishedTitle(status: GameStatus, elapsedMs: number): string {
  if (status === 'won') return `You solved it in ${formatDuration(elapsedMs)}!`;
  if (status === 'timed-out') return 'Out of time';
  return 'You gave up';
}

/** The others still playing: whom the race waits for. */
export function stillPlaying(racers: readonly RacerProgress[], me: string | undefined): RacerProgress[] {
  return racers.filter((r) => r.playerId !== me && r.state === 'playing');
}

/** One racer by name, more by their number. */
export function named(racers: readonly RacerProgress[]): string {
  return racers.length === 1 ? racers[0]!.nickname : `${racers.length} racers`;
}

/** Why a race ended with some still playing: `endedBy`, its host, ended it (`room-end`). */
export function endedByText(
  endedBy: string,
  me: string | undefined,
  members: readonly { readonly id: string; readonly nickname: string }[],
): string {
  const who = endedBy === me ? 'You' : (members.find((m) => m.id === endedBy)?.nickname ?? 'The host');
  return `${who} ended the race: whoever was still playing is ranked by how far they got.`;
}

/** Who the race still waits for, and what ends it: the results come only then. */
export function waitingText(racers: readonly RacerProgress[], me: string | undefined, timed: boolean): string {
  const still = stillPlaying(racers, me);
  if (still.length === 0) return 'The results are on their way.';
  const whom = named(still);
  const end = timed ? 'everyone has finished or the time runs out' : 'everyone has finished or given up';
  return `Waiting for ${whom}: the results show when ${end}. Leaving the room keeps your result.`;
}

/** Whole seconds left until `endsAt` (server clock) at `now`, never below 0. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** To a racer still playing once someone has solved it: who did, and how long is left to finish. */
export function closingText(racers: readonly RacerProgress[], me: string | undefined, seconds: number): string {
  const solvers = racers.filter((r) => r.playerId !== me && r.state === 'won');
  const who = solvers.length === 0 ? 'Someone' : named(solvers);
  return `${who} solved it: ${seconds} s left to finish.`;
}

/**
 * The race as it stands, ranked as its results will be (`compareFinish`) and shared places
 * alike: provisional while anyone still plays.
 */
export function provisionalStandings(racers: readonly RacerProgress[]): { rank: number; racer: RacerProgress }[] {
  const finish = (r: RacerProgress) => ({ ...r, won: r.state === 'won', timeMs: r.timeMs ?? 0 });
  const sorted = [...racers].sort((a, b) => compareFinish(finish(a), finish(b)));
  return sorted.map((racer, i) => {
    let first = i;
    while (first > 0 && compareFinish(finish(sorted[first - 1]!), finish(racer)) === 0) first--;
    return { rank: first + 1, racer };
  });
}
