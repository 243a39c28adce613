/**
 * What a timed race's "Left" clock reads at server time `now`: the whole limit until the start
 * (the countdown is not race time, and a clock above the limit looks wrong), then down to 0:00.
 */
export function timeLeft(race: { readonly startsAt: number; readonly endsAt: number }, now: number): number {
  return Math.max(0, Math.min(race.endsAt - race.startsAt, race.endsAt - now));
}
