import fp from 'fastify-plugin';
import { ChallengePolicy } from '../challenges/policy.ts';
import { DailyPolicy } from '../daily/policy.ts';
import type { LiveGame } from '../games/live-game.ts';
import { PracticePolicy } from '../games/practice.ts';
import { GameService } from '../games/service.ts';
import { LEASE_MS, Leases } from '../races/leases.ts';
import { LiveRaces, RacePolicy } from '../races/policy.ts';

declare module 'fastify' {
  interface FastifyInstance {
    games: GameService;
    /** The races running in this process, which gate their racers' games. */
    liveRaces: LiveRaces;
    /** Cluster mode: the rooms this process owns, under a lease in the database. */
    leases: Leases | undefined;
    gameHooks: GameHooks;
  }
}

/**
 * What the services above the games attach to them once they exist: the rooms' owner check
 * before a racer's action is stored (cluster mode), and the challenges' ghosts that follow
 * every change of a challenge game. The games are built first and know nothing above them.
 */
export class GameHooks {
  private ownerCheck: ((code: string) => Promise<void> | undefined) | undefined;
  private readonly challengeListeners: ((game: LiveGame) => void)[] = [];

  confirmOwnerWith(check: (code: string) => Promise<void> | undefined): void {
    this.ownerCheck = check;
  }

  confirmOwner(code: string): Promise<void> | undefined {
    return this.ownerCheck?.(code);
  }

  onChallengeChanged(listener: (game: LiveGame) => void): void {
    this.challengeListeners.push(listener);
  }

  challengeChanged(game: LiveGame): void {
    for (const listener of this.challengeListeners) listener(game);
  }
}

/** A game nobody touched for this long leaves memory (it stays in the database). */
const IDLE_GAME_MS = 30 * 60_000;

export interface PlayOptions {
  readonly leaseMs?: number | undefined;
}

/** The games of every kind, each kind's policy, and the idle games leaving memory. */
export const playPlugin = fp<PlayOptions>(
  async (app, options) => {
    const { repos, now, nodeId, evidence } = app;
    const hooks = new GameHooks();
    const live = new LiveRaces();
    const leases =
      nodeId !== undefined
        ? new Leases({ nodeId, repo: repos.ownership, now, leaseMs: options.leaseMs ?? LEASE_MS })
        : undefined;
    const games = new GameService(
      repos.games,
      now,
      {
        practice: new PracticePolicy(),
        daily: new DailyPolicy(repos),
        race: new RacePolicy(live, repos.races, leases !== undefined, (code) => hooks.confirmOwner(code)),
        challenge: new ChallengePolicy((game) => hooks.challengeChanged(game)),
      },
      evidence && ((row) => evidence.finished(row)),
    );
    app.decorate('games', games);
    app.decorate('liveRaces', live);
    app.decorate('leases', leases);
    app.decorate('gameHooks', hooks);
    const sweep = setInterval(() => games.evictIdle(IDLE_GAME_MS), 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'play', dependencies: ['basics', 'storage', 'moderation'] },
);
