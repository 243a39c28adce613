import { compareFinish, type GameStatus, type RacerProgress } from '@scorpion/protocol';
import { m } from '../paraglide/messages.js';
import { formatDuration } from './format.ts';

/** The heading over a racer's own board once their game is over and the others race on. */
export function finishedTitle(status: GameStatus, elapsedMs: number): string {
  if (status === 'won') return m.race_solved_in({ time: formatDuration(elapsedMs) });
  if (status === 'timed-out') return m.race_out_of_time();
  return m.race_gave_up();
}

/** The others still playing: whom the race waits for. */
export function stillPlaying(racers: readonly RacerProgress[], me: string | undefined): RacerProgress[] {
  return racers.filter((r) => r.playerId !== me && r.state === 'playing');
}

/** One racer by name, more by their number. */
export function named(racers: readonly RacerProgress[]): string {
  return racers.length === 1 ? racers[0]!.nickname : m.race_racers({ count: racers.length });
}

/** Why a race ended with some still playing: `endedBy`, its host, ended it (`room-end`). */
export function endedByText(
  endedBy: string,
  me: string | undefined,
  members: readonly { readonly id: string; readonly nickname: string }[],
): string {
  if (endedBy === me) return m.race_ended_by_you();
  return m.race_ended_by({ who: members.find((member) => member.id === endedBy)?.nickname ?? m.race_the_host() });
}

/** Who the race still waits for, and what ends it: the results come only then. */
export function waitingText(racers: readonly RacerProgress[], me: string | undefined, timed: boolean): string {
  const still = stillPlaying(racers, me);
  if (still.length === 0) return m.race_results_coming();
  const whom = named(still);
  return timed ? m.race_waiting_timed({ whom }) : m.race_waiting({ whom });
}

/** Whole seconds left until `endsAt` (server clock) at `now`, never below 0. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** To a racer still playing once someone has solved it: who did, and how long is left to finish. */
export function closingText(racers: readonly RacerProgress[], me: string | undefined, seconds: number): string {
  const solvers = racers.filter((r) => r.playerId !== me && r.state === 'won');
  const who = solvers.length === 0 ? m.race_someone() : named(solvers);
  return m.race_closing({ who, seconds });
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
