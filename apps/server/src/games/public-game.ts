import type { PublicGame } from '@scorpion/protocol';
import { cardCode } from '@scorpion/rules';
import type { Repos } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import type { GameService } from './service.ts';

/**
 * A public game as `GET /api/games/:id` shows it: its record (the CLI's format) and every
 * action, to replay it. Whether it is public is asked before anything is loaded.
 */
export async function publicGame(
  games: GameService,
  repos: Pick<Repos, 'games' | 'players'>,
  gameId: string,
): Promise<PublicGame | 'no-such-game' | 'not-public'> {
  const row = await repos.games.get(gameId);
  if (!row) return 'no-such-game';
  const secrets = gate.disclose(await games.isPublic(row), () => ({ seed: row.seed, deck: row.deck.map(cardCode) }));
  if (!secrets) return 'not-public';
  const game = (await games.load(row.id))!;
  const player = await repos.players.byId(row.playerId);
  const body: PublicGame = {
    gameId: row.id,
    kind: row.kind,
    player: player ?? { id: row.playerId, nickname: '?' },
    status: game.row.status,
    seed: secrets.seed,
    record: { variant: row.variant, options: row.options, deck: secrets.deck, moves: [...game.movesSoFar()] },
    actions: Array.from({ length: game.seq }, (_, seq) => game.stored(seq)),
    moves: game.row.moves,
    timeMs: game.row.timeMs ?? 0,
  };
  // Finished games are read rarely; they need not stay in memory after this.
  if (game.row.status !== 'playing') games.forget(row.id);
  return body;
}
