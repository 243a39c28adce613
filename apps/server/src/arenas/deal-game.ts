import type { GameSnapshot } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { CertifierUnavailable } from '../deals/certify.ts';
import type { GameService } from '../games/service.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { Repos } from '../repo/types.ts';
import { resultRowOf } from './arena-row.ts';
import { ARENA_OPTIONS, type ArenaDeals } from './deal-sequence.ts';
import type { LiveArena } from './live-arena.ts';
import { dealDeadline } from './time-limit.ts';

export interface DealGameDeps {
  readonly repos: Pick<Repos, 'games' | 'arenas'>;
  readonly games: GameService;
  readonly deals: ArenaDeals;
  readonly now: Clock;
}

const ARENA_UNAVAILABLE = 'The next deal cannot be certified just now; try again in a moment.';

/**
 * Deals the arena's deal `n` to the player: its game stored (with `nodeId`, the process that
 * holds it in a cluster), run here by the arena, and counted in its table. The caller has
 * decided it is their next deal (`decideNext`) under the player's lock.
 */
export async function dealGame(
  d: DealGameDeps,
  nodeId: string | undefined,
  live: LiveArena,
  playerId: string,
  n: number,
  berserk: boolean,
): Promise<Answer<GameSnapshot>> {
  const { games, repos, deals, now } = d;
  const arena = live.row;
  let dealt: Awaited<ReturnType<ArenaDeals['deal']>>;
  try {
    dealt = await deals.deal(arena, n);
  } catch (error) {
    if (error instanceof CertifierUnavailable) return refuse('solver-unavailable', ARENA_UNAVAILABLE);
    throw error;
  }
  const startedAt = now();
  const row = games.newRow({
    playerId,
    kind: 'arena',
    variant: arena.variant,
    options: ARENA_OPTIONS,
    seed: dealt.seed,
    playerSeed: false,
    deck: dealt.deck,
    startedAt,
    arenaId: arena.id,
    arenaDeal: n,
    berserk,
    closesAt: dealDeadline(arena.variant, startedAt, arena.endsAt).at,
  });
  try {
    await repos.games.create(row, nodeId);
  } catch (error) {
    // The same deal dealt to the same player by another process first: theirs stands.
    if (!(await repos.arenas.results(arena.id, playerId)).some((g) => g.arenaDeal === n)) throw error;
    live.load([], await repos.arenas.results(arena.id, playerId));
    return refuse('stale', 'That deal was dealt already; send the deal in play again.');
  }
  games.hold(live.ownerOf(row), [row.id], [row]);
  live.record(resultRowOf(row));
  return { ok: true, value: await games.snapshot(games.cached(row.id)!) };
}
