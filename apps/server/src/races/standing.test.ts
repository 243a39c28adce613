import type { RaceStanding } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { WINNING } from '../test/deals.ts';
import { type MemoryHub, memoryHub, presence, raceStarted } from '../test/hub.ts';

let at = Date.parse('2026-06-01T12:00:00Z');
let setup: MemoryHub;

beforeEach(async () => {
  setup = await memoryHub(() => at, ['host', 'guest']);
});
afterEach(async () => {
  setup.hub.stop();
  await setup.repos.close();
});

/** The standing `playerId`'s ack of their `seq`-th move carries, racer by racer: name and socket. */
async function ackStanding(playerId: string, gameId: string, seq: number) {
  at += 1000;
  const acted = await setup.games.act(playerId, gameId, seq, WINNING.moves[seq]!);
  if (!acted.ok) throw new Error(`move ${seq} refused: ${acted.code}`);
  const race = acted.race as RaceStanding;
  return Object.fromEntries(race.racers.map((r) => [r.playerId, [r.nickname, r.connected]]));
}

test("an ack's standing names a racer renamed during the race and says who has a socket, as they come and go", async () => {
  const { hub } = setup;
  const { gameOf } = await raceStarted(setup, 'host', 'guest');
  expect(await ackStanding('host', gameOf.host!, 0)).toEqual({ host: ['host', true], guest: ['guest', true] });

  hub.renamed('guest', 'Guest Two');
  presence(setup, 'guest', false);
  expect(await ackStanding('host', gameOf.host!, 1)).toEqual({ host: ['host', true], guest: ['Guest Two', false] });

  presence(setup, 'guest', true);
  expect(await ackStanding('host', gameOf.host!, 2)).toEqual({ host: ['host', true], guest: ['Guest Two', true] });
  // The race-progress frame is built by the same function: it says the same.
  const shown = setup.push.frames('race-progress').at(-1)!;
  expect(shown.racers.find((r) => r.playerId === 'guest')).toMatchObject({ nickname: 'Guest Two', connected: true });
});
