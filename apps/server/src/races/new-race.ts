import type { Clock } from '../clock.ts';
import { type Certifier, pickCertified } from '../deals/certify.ts';
import type { DealSource } from '../deals/source.ts';
import type { NewGame } from '../games/new-row.ts';
import { newId } from '../identity/token.ts';
import type { GameRow, RaceRow, RoomRow } from '../repo/types.ts';

/**
 * The next race of a room, not yet stored: a fresh deal (a winnable one if the room asks, as
 * far as the certifier can tell) and one game of it per racer, all starting after the countdown.
 * It is rated if the room is now; `series` is the number of its series' first race (best-of rooms).
 */
export async function newRace(
  room: RoomRow,
  racers: readonly string[],
  number: number,
  series: number | null,
  o: {
    deals: DealSource;
    certifier: Certifier;
    now: Clock;
    countdownMs: number;
    newRow: (spec: NewGame) => GameRow;
  },
): Promise<{ race: RaceRow; games: GameRow[] }> {
  const { variant, options } = room;
  const deal = room.winnableOnly
    ? await pickCertified(o.certifier, variant, options, () => o.deals.fresh(variant))
    : o.deals.fresh(variant);
  const race: RaceRow = {
    id: newId(),
    code: room.code,
    number,
    seed: deal.seed,
    startsAt: o.now() + o.countdownMs,
    pausedMs: 0,
    timeLimit: room.timeLimit,
    status: 'racing',
    finishedAt: null,
    rated: room.rated,
    series,
  };
  const games = racers.map((playerId) =>
    o.newRow({
      playerId,
      kind: 'race',
      variant,
      options,
      seed: deal.seed,
      playerSeed: false,
      deck: deal.deck,
      raceId: race.id,
      ranked: true,
      startedAt: race.startsAt,
    }),
  );
  return { race, games };
}
