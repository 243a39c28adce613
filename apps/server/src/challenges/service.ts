import type { ChallengeInfo, ChallengeOriginal, GameSnapshot, GhostProgress } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { LiveGame } from '../games/live-game.ts';
import { publicGame } from '../games/public-game.ts';
import type { GameService } from '../games/service.ts';
import { GhostRunner } from '../ghost/runner.ts';
import { type GhostPoint, GhostTimeline } from '../ghost/timeline.ts';
import type { Push } from '../realtime/ports.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { ChallengeRow, GameRow, Repos } from '../repo/types.ts';
import { newChallengeCode } from './codes.ts';

const noSuchChallenge = () => refuse('no-such-challenge', 'There is no such challenge link.');

export interface ChallengeDeps {
  readonly repos: Pick<Repos, 'challenges' | 'games' | 'hints' | 'players'>;
  readonly games: GameService;
  readonly push: Push;
  readonly now: Clock;
}

/**
 * "Beat my time": a link to one finished, public game, and the games played against it, each
 * beside a ghost of the original on the server's clock (`ghost/`). The challenger's game is
 * dealt the same cards and shown like any game, face-down cards hidden; the ghost sends its
 * progress, moves and face-down count, never a card, and the original's moves are shown only
 * to whoever has finished a game against it.
 */
export class ChallengeService {
  /** The ghost beside each challenge game in play here, by the challenger's game id. */
  private readonly ghosts = new Map<string, GhostRunner>();
  private readonly d: ChallengeDeps;

  constructor(d: ChallengeDeps) {
    this.d = d;
    d.games.onChanged('challenge', (game) => this.gameChanged(game));
  }

  /** The link to one of the player's finished games; the same link each time it is shared. */
  async share(playerId: string, gameId: string): Promise<Answer<ChallengeInfo>> {
    const { repos, games } = this.d;
    const row = await repos.games.get(gameId);
    if (!row) return refuse('no-such-game', 'There is no such game.');
    if (row.playerId !== playerId) return refuse('not-your-game', 'Only its own player can challenge a game.');
    if (row.status === 'playing') return refuse('game-not-over', 'Finish the game first, then challenge anyone.');
    if (row.moves === 0) {
      return refuse('nothing-to-beat', 'This game ended before its first move: there is no time to beat.');
    }
    if (row.kind === 'practice' && (await repos.hints.count(row.id)) > 0) {
      return refuse('hints-used', 'This game was played with hints: its time cannot be a challenge.');
    }
    if (!(await games.isPublic(row))) {
      // A daily before its day is over: the deal is still everyone's to play for the first time.
      return refuse('not-public', "Today's daily can be challenged once its day is over (UTC).");
    }
    return { ok: true, value: await this.describe(await this.linkTo(row), row, playerId) };
  }

  /**
   * The challenge link to a finished, public game: its own one if it has one (the same link
   * each time). A quick race's ghost is played through it, like any challenge.
   */
  async linkTo(row: GameRow): Promise<ChallengeRow> {
    for (;;) {
      const stored = await this.d.repos.challenges.create({
        code: newChallengeCode(),
        sourceGameId: row.id,
        playerId: row.playerId,
        createdAt: this.d.now(),
      });
      if (stored !== 'taken') return stored;
    }
  }

  async info(code: string, viewerId: string | undefined): Promise<Answer<ChallengeInfo>> {
    const found = await this.find(code);
    if (!found) return noSuchChallenge();
    return { ok: true, value: await this.describe(found.challenge, found.source, viewerId) };
  }

  /**
   * Plays the challenge: the player's game on it still in play, or a new one (the same deal,
   * unranked), with where the ghost stands now; from then on the ghost's moves are pushed.
   */
  async start(playerId: string, code: string): Promise<Answer<{ game: GameSnapshot; ghost: GhostProgress }>> {
    const found = await this.find(code);
    if (!found) return noSuchChallenge();
    const { repos, games } = this.d;
    let game: LiveGame | undefined;
    for (const id of await repos.challenges.gamesOf(code, playerId)) {
      const mine = await games.load(id);
      if (mine?.row.status === 'playing') game = mine;
    }
    if (!game) {
      const source = found.source;
      game = await games.create({
        playerId,
        kind: 'challenge',
        variant: source.variant,
        options: source.options,
        // The seed is stored, never sent before the game ends (not the player's own choice).
        seed: source.seed,
        playerSeed: false,
        deck: source.deck,
      });
      await repos.challenges.addGame(code, game.row.id, playerId);
    }
    const ghost = await this.follow(game, found.challenge, found.source);
    return { ok: true, value: { game: await games.snapshot(game), ghost } };
  }

  /** After `game-resume` of a challenge game: where its ghost stands, and the ghost runs again. */
  async resumed(game: GameSnapshot): Promise<GhostProgress | undefined> {
    const code = await this.d.repos.challenges.ofGame(game.gameId);
    const found = code === undefined ? undefined : await this.find(code);
    const live = await this.d.games.load(game.gameId);
    if (!found || !live) return undefined;
    return this.follow(live, found.challenge, found.source);
  }

  /** A game changed: once a challenge game is over its ghost stops, where it stood then. */
  private gameChanged(game: LiveGame): void {
    if (game.row.status === 'playing') return;
    const runner = this.ghosts.get(game.row.id);
    if (!runner) return;
    this.ghosts.delete(game.row.id);
    runner.stop();
  }

  /** The original game move by move: to its player, or to whoever finished a game against it. */
  async original(code: string, viewerId: string | undefined): Promise<Answer<ChallengeOriginal>> {
    const found = await this.find(code);
    if (!found) return noSuchChallenge();
    const { repos } = this.d;
    let allowed = viewerId === found.challenge.playerId;
    if (!allowed && viewerId !== undefined) {
      for (const id of await repos.challenges.gamesOf(code, viewerId)) {
        if ((await repos.games.get(id))?.status !== 'playing') allowed = true;
      }
    }
    if (!allowed) {
      return refuse('challenge-not-finished', "The original's moves would give the deal away: finish yours first.");
    }
    const body = await publicGame(this.d.games, repos, found.source.id);
    if (typeof body === 'string') return refuse('no-such-challenge', 'The challenged game is gone.');
    return { ok: true, value: { code, game: body } };
  }

  stop(): void {
    for (const runner of this.ghosts.values()) runner.stop();
    this.ghosts.clear();
  }

  /** How many ghosts run here now. */
  get running(): number {
    return this.ghosts.size;
  }

  /** Starts (or restarts) the ghost beside `game`; returns where it stands now. */
  private async follow(game: LiveGame, challenge: ChallengeRow, source: GameRow): Promise<GhostProgress> {
    const { repos, push, now } = this.d;
    const timeline = GhostTimeline.of(source, await repos.games.actions(source.id));
    const nickname = (await repos.players.byId(source.playerId))?.nickname ?? '?';
    const gameId = game.row.id;
    const playerId = game.row.playerId;
    const frame = (point: GhostPoint, elapsedMs: number): GhostProgress => ({
      type: 'ghost',
      gameId,
      code: challenge.code,
      nickname,
      progress: point.progress,
      faceDown: point.faceDown,
      moves: point.moves,
      state: point.state,
      timeMs: point.timeMs,
      elapsedMs,
    });
    this.ghosts.get(gameId)?.stop();
    const runner = new GhostRunner({
      timeline,
      now,
      // The ghost plays as long as the challenger has: their game's clock, stopped at its end.
      elapsedAt: (at) => game.playedMs(at),
      emit: (point, elapsedMs) => {
        // Nobody left to see it: it stops, and runs again when the game is resumed.
        if (!push.connected(playerId)) this.gameEnded(gameId, runner);
        else push.send(playerId, frame(point, elapsedMs));
      },
    });
    if (game.row.status !== 'playing') {
      const { point, elapsedMs } = runner.current();
      return frame(point, elapsedMs);
    }
    this.ghosts.set(gameId, runner);
    const { point, elapsedMs } = runner.start();
    return frame(point, elapsedMs);
  }

  private gameEnded(gameId: string, runner: GhostRunner): void {
    runner.stop();
    if (this.ghosts.get(gameId) === runner) this.ghosts.delete(gameId);
  }

  private async find(code: string): Promise<{ challenge: ChallengeRow; source: GameRow } | undefined> {
    const challenge = await this.d.repos.challenges.get(code);
    const source = challenge && (await this.d.repos.games.get(challenge.sourceGameId));
    return challenge && source ? { challenge, source } : undefined;
  }

  private async describe(challenge: ChallengeRow, source: GameRow, viewerId?: string): Promise<ChallengeInfo> {
    const { repos } = this.d;
    const by = (await repos.players.byId(source.playerId)) ?? { id: source.playerId, nickname: '?' };
    const mine = [];
    if (viewerId !== undefined) {
      for (const id of await repos.challenges.gamesOf(challenge.code, viewerId)) {
        const row = await repos.games.get(id);
        if (row) mine.push({ gameId: id, status: row.status, timeMs: row.timeMs });
      }
    }
    return {
      code: challenge.code,
      link: `/c/${challenge.code}`,
      by,
      kind: source.kind,
      daily: source.dailyDate === null ? null : { date: source.dailyDate },
      variant: source.variant,
      options: source.options,
      result: { status: source.status, timeMs: source.timeMs ?? 0, moves: source.moves, progress: source.progress },
      mine,
    };
  }
}
