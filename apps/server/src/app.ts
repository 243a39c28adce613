import type { SolverPool } from '@scorpion/solver';
import type Database from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Clock } from './clock.ts';
import type { Certifier } from './deals/certify.ts';
import type { DealSource } from './deals/source.ts';
import type { WebAuthnSettings } from './identity/passkeys.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { arenasPlugin } from './plugins/arenas.ts';
import { basicsPlugin } from './plugins/basics.ts';
import { challengesPlugin } from './plugins/challenges.ts';
import { dailyPlugin } from './plugins/daily.ts';
import { dealsPlugin } from './plugins/deals.ts';
import { httpPlugin } from './plugins/http.ts';
import { identityPlugin } from './plugins/identity.ts';
import { type EvidenceOptions, moderationPlugin } from './plugins/moderation.ts';
import { opsPlugin } from './plugins/ops.ts';
import { playPlugin } from './plugins/play.ts';
import { puzzlesPlugin } from './plugins/puzzles.ts';
import { queuePlugin } from './plugins/queue.ts';
import { racesPlugin } from './plugins/races.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { redisPlugin } from './plugins/redis.ts';
import { restorePlugin } from './plugins/restore.ts';
import { storagePlugin } from './plugins/storage.ts';
import type { Puzzle } from './puzzles/catalogue.ts';
import { clientErrorHandler, frameworkErrors } from './routes/errors.ts';
import { routesPlugin } from './routes/index.ts';
import type { Limits } from './routes/limits.ts';
import type { EdgeOptions } from './ws/edge-options.ts';
import { socketPlugin } from './ws/plugin.ts';
import { WATCHERS_PER_ADDRESS } from './ws/visitor-sockets.ts';

export interface AppOptions {
  readonly databasePath: string;
  readonly databaseSync?: 'normal' | 'full';
  /** PostgreSQL (cluster mode): when given, everything is stored there and `databasePath` is unused. */
  readonly databaseUrl?: string;
  /** Cookie signing and daily seeds; generated and stored in the database when absent. */
  readonly secret?: string;
  readonly logger?: FastifyServerOptions['logger'];
  readonly webDist?: string;
  /** The monthly open-data files `/api/exports` serves (`pnpm export-games` makes them); none without it. */
  readonly exportsDir?: string;
  readonly allowedOrigins?: readonly string[];
  /** Bearer token for `/metrics`; without one the route answers 404. */
  readonly metricsToken?: string;
  /** Believe `X-Forwarded-*` from these proxies (Fastify's `trustProxy`); off by default. */
  readonly trustProxy?: boolean | string;
  /**
   * The solver's threads (CERTIFY=solver): they certify daily deals and "winnable only" races
   * unless `certifier` is given, their health shows in `/readyz` and `/metrics`, and they close
   * with the app.
   */
  readonly solver?: SolverPool;
  /**
   * Weighing finished ranked games (issue #32): a low-priority solver pool of its own, and the
   * moderators' seam (`onHeld`). Without it no game is weighed and every result stands.
   */
  readonly evidence?: EvidenceOptions;
  /** Test seam: opens the SQLite connection, so a test can make its disk refuse writes. */
  readonly openSqlite?: (path: string) => Database.Database;
  /** The shipped puzzles (`puzzles/catalogue.ts` `loadPuzzles`); none without them. */
  readonly puzzles?: readonly Puzzle[];
  /** Test seam: draws a player's next puzzle among those nearest their rating. */
  readonly puzzleRandom?: () => number;
  /** Test seams: the clock, where deals come from, the solver's verdict, the race countdown. */
  readonly now?: Clock;
  readonly deals?: DealSource;
  readonly certifier?: Certifier;
  readonly countdownMs?: number;
  /** How long a racer may be away before the race counts them out (`ABSENT_GRACE_MS`). */
  readonly absentGraceMs?: number;
  readonly heartbeatMs?: number;
  readonly downtimeTickMs?: number;
  /**
   * The socket's message budget per player, its refill clock (ms), the cap on a player's sockets
   * and on the visitors' sockets (watching without a name) of one address (`WATCHERS_PER_ADDRESS`).
   */
  readonly rateLimit?: {
    perSecond: number;
    burst: number;
    clock?: () => number;
    socketsPerPlayer?: number;
    watchersPerAddress?: number;
  };
  /** The REST limits (and the socket's room frames); each one not given keeps its default. */
  readonly limits?: Partial<Limits>;
  /**
   * Redis (`REDIS_URL`): pushes and presence between processes, the rate limits' counts and the
   * daily boards' ranks. Without it all of these stay in this process.
   */
  readonly redisUrl?: string;
  /**
   * Cluster mode (`NODE_ID`; required with `redisUrl`): this process's id. Rooms are then owned
   * under a lease in the database, renewed every `lease.renewMs` (0: only when a test calls
   * `hub.tickLeases()`), and the running races nobody owns are taken over (looked for every
   * `TAKEOVER_MS`, with the same 0 for tests); the downtime heartbeat
   * is off, the takeover credits the gap instead. `/readyz` and `/api/health` say it as `node`,
   * and a socket's upgrade answers it in `X-Scorpion-Node`, so an operator (or a test) behind
   * HAProxy can tell which process answered.
   */
  readonly nodeId?: string;
  readonly lease?: { readonly leaseMs?: number; readonly renewMs?: number };
  /**
   * How often the quick-race queue is looked at (`MATCH_EVERY_MS`); 0: only when a test calls
   * `app.queue.tick()`.
   */
  readonly queueTickMs?: number;
  /** How often the arenas' clock is looked at (`ARENA_TICK_MS`); 0: only when a test calls `app.arenas.tick()`. */
  readonly arenaTickMs?: number;
  /**
   * How long a lone quick racer waits before a ghost is offered (`GHOST_OFFER_MS`, 30 s). The
   * browser tests shorten it so they need not wait 30 s of real time; the integration tests
   * check the 30 s itself on an injected clock.
   */
  readonly queueGhostOfferMs?: number;
  /**
   * How long those still playing an untimed race must have made no move before its host may end
   * it (`IDLE_BEFORE_END_MS`, a minute). The browser tests set 0, to end a race without waiting a
   * minute of real time; the integration tests check the minute itself on an injected clock.
   */
  readonly raceIdleBeforeEndMs?: number;
  /** Passkeys' relying party (`WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGINS`): localhost and the request's origin by default. */
  readonly webauthn?: WebAuthnSettings;
}

export type ScorpionApp = FastifyInstance;

/**
 * The whole service as one Fastify instance: the database (migrated), the game services, the
 * REST routes, the socket and the web app, one plugin per concern, each after those it reads.
 * Restarting on the same database resumes everything.
 */
export async function buildApp(options: AppOptions): Promise<ScorpionApp> {
  if (options.redisUrl && !options.nodeId) throw new Error('NODE_ID is required with REDIS_URL');
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 16 * 1024,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    clientErrorHandler,
    // Fastify's own 503 while closing is not an ApiError; the http plugin's error handler sends ours.
    return503OnClosing: false,
  });
  await app.register(basicsPlugin, { now: options.now, nodeId: options.nodeId });
  await app.register(redisPlugin, { url: options.redisUrl });
  await app.register(storagePlugin, options);
  await app.register(httpPlugin, { limits: options.limits });
  await app.register(apiDocsPlugin);
  await app.register(dealsPlugin, options);
  await app.register(realtimePlugin);
  await app.register(moderationPlugin, { evidence: options.evidence });
  await app.register(playPlugin);
  await app.register(challengesPlugin);
  await app.register(racesPlugin, {
    countdownMs: options.countdownMs,
    leaseMs: options.lease?.leaseMs,
    absentGraceMs: options.absentGraceMs,
    idleBeforeEndMs: options.raceIdleBeforeEndMs,
  });
  await app.register(arenasPlugin, { tickMs: options.arenaTickMs });
  await app.register(dailyPlugin);
  await app.register(puzzlesPlugin, { puzzles: options.puzzles, random: options.puzzleRandom });
  await app.register(queuePlugin, { tickMs: options.queueTickMs, ghostOfferMs: options.queueGhostOfferMs });
  await app.register(identityPlugin, { webauthn: options.webauthn });
  await app.register(restorePlugin, { heartbeatMs: options.downtimeTickMs, renewMs: options.lease?.renewMs });
  await app.register(socketPlugin, { edge: edgeOptions(options) });
  await app.register(opsPlugin, { metricsToken: options.metricsToken });
  await app.register(routesPlugin, { webDist: options.webDist ?? '', exportsDir: options.exportsDir });
  return app;
}

function edgeOptions(options: AppOptions): EdgeOptions {
  return {
    allowedOrigins: options.allowedOrigins ?? [],
    heartbeatMs: options.heartbeatMs ?? 30_000,
    ratePerSecond: options.rateLimit?.perSecond ?? 20,
    rateBurst: options.rateLimit?.burst ?? 40,
    rateClock: options.rateLimit?.clock ?? (() => performance.now()),
    socketsPerPlayer: options.rateLimit?.socketsPerPlayer ?? 8,
    watchersPerAddress: options.rateLimit?.watchersPerAddress ?? WATCHERS_PER_ADDRESS,
  };
}
