import type { GameStatus, RacerProgress } from '@scorpion/protocol';
import { formatDuration } from './format.ts';

/** The heading over a racer's own board once their game is over and the others race on. */
export function finishedTitle(status: GameStatus, elapsedMs: number): string {
  if (status === 'won') return `You solved it in ${formatDuration(elapsedMs)}!`;
  if (status === 'timed-out') return 'Out of time';
  return 'You gave up';
}

/** Who the race still waits for, and what ends it: the results come only then. */
export function waitingText(racers: readonly RacerProgress[], me: string | undefined, timed: boolean): string {
  const still = racers.filter((r) => r.playerId !== me && r.state === 'playing');
  if (still.length === 0) return 'The results are on their way.';
  const whom = still.length === 1 ? still[0]!.nickname : `${still.length} racers`;
  const end = timed ? 'everyone has finished or the time runs out' : 'everyone has finished or given up';
  return `Waiting for ${whom}: the results show when ${end}. Leaving the room keeps your result.`;
}
