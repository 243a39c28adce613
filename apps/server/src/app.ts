import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import type { SolverPool } from '@scorpion/solver';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import { DailyPolicy } from './daily/policy.ts';
import { DailyService } from './daily/service.ts';
import { acceptEveryDeal, type Certifier } from './deals/certify.ts';
import { solverCertifier } from './deals/solver-certifier.ts';
import { type DealSource, secretDeals } from './deals/source.ts';
import { creditDowntime, startHeartbeat } from './downtime.ts';
import { PracticePolicy } from './games/practice.ts';
import { GameService } from './games/service.ts';
import { rekeyNicknames } from './identity/nickname-keys.ts';
import { PlayerService } from './identity/players.ts';
import { serverSecret } from './identity/secret.ts';
import { healthRoutes, solverReadiness } from './ops/health.ts';
import { metricsRoute } from './ops/metrics-route.ts';
import { ServerMetrics } from './ops/metrics-server.ts';
import { closeSocketsForRestart, Drain } from './ops/shutdown.ts';
import { RaceHub } from './races/hub.ts';
import { LiveRaces, RacePolicy } from './races/policy.ts';
import { pgRepos } from './repo/postgres/index.ts';
import { sqliteRepos } from './repo/sqlite/index.ts';
import { boardRoutes } from './routes/boards.ts';
import { dailyRoutes } from './routes/daily.ts';
import { answerErrorsAsApiErrors, clientErrorHandler, frameworkErrors } from './routes/errors.ts';
import { gameRoutes } from './routes/games.ts';
import { DEFAULT_LIMITS, installLimits, type Limits } from './routes/limits.ts';
import { playerRoutes } from './routes/players.ts';
import { roomRoutes } from './routes/rooms.ts';
import { webRoutes } from './routes/web.ts';
import type { Services } from './services.ts';
import { Connections } from './ws/connections.ts';
import { MAX_FRAME_BYTES, wsRoutes } from './ws/route.ts';

export interface AppOptions {
  readonly databasePath: string;
  readonly databaseSync?: 'normal' | 'full';
  /** PostgreSQL (cluster mode): when given, everything is stored there and `databasePath` is unused. */
  readonly databaseUrl?: string;
  /** Cookie signing and daily seeds; generated and stored in the database when absent. */
  readonly secret?: string;
  readonly logger?: FastifyServerOptions['logger'];
  readonly webDist?: string;
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
  /** Test seams: the clock, where deals come from, the solver's verdict, the race countdown. */
  readonly now?: Clock;
  readonly deals?: DealSource;
  readonly certifier?: Certifier;
  readonly countdownMs?: number;
  /** How long a racer may be away before the race counts them out (`ABSENT_GRACE_MS`). */
  readonly absentGraceMs?: number;
  readonly heartbeatMs?: number;
  readonly downtimeTickMs?: number;
  /** The socket's message budget per player, its refill clock (ms) and the cap on a player's sockets. */
  readonly rateLimit?: { perSecond: number; burst: number; clock?: () => number; socketsPerPlayer?: number };
  /** The REST limits (and the socket's room frames); each one not given keeps its default. */
  readonly limits?: Partial<Limits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The game services behind the routes; tests and tools reach the server's state through it. */
    services: Services;
  }
}

export type ScorpionApp = FastifyInstance;

/** A game nobody touched for this long leaves memory (it stays in the database). */
const IDLE_GAME_MS = 30 * 60_000;

/**
 * The whole service as one Fastify instance: the database (migrated), the game services, the
 * REST routes, the socket and the web app. Restarting on the same database resumes everything.
 */
export async function buildApp(options: AppOptions): Promise<ScorpionApp> {
  const now = options.now ?? systemClock;
  const metrics = new ServerMetrics();
  const repos = options.databaseUrl
    ? await pgRepos(options.databaseUrl, metrics.sqliteCommit)
    : sqliteRepos(options.databasePath, options.databaseSync, metrics.sqliteCommit);
  const secret = await serverSecret(repos.settings, options.secret);
  const nicknamesRekeyed = await rekeyNicknames(repos);
  const deals = options.deals ?? secretDeals(secret);
  const solver = options.solver;
  const certifier = options.certifier ?? (solver ? solverCertifier(solver) : acceptEveryDeal);

  const connections = new Connections();
  const live = new LiveRaces();
  const games = new GameService(repos.games, now, {
    practice: new PracticePolicy(),
    daily: new DailyPolicy(repos),
    race: new RacePolicy(live, repos.races),
  });
  const daily = new DailyService(repos, games, deals, certifier, now);
  const hub = new RaceHub({
    repos,
    games,
    live,
    deals,
    certifier,
    push: connections,
    now,
    countdownMs: options.countdownMs ?? 3000,
    absentGraceMs: options.absentGraceMs,
  });
  const players = new PlayerService(repos, now, hub);
  const services: Services = { repos, games, daily, hub, players, deals, connections, now };

  const drain = new Drain();
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 16 * 1024,
    trustProxy: options.trustProxy ?? false,
    frameworkErrors,
    clientErrorHandler,
    // Fastify's own 503 while closing is not an ApiError; `answerErrorsAsApiErrors` sends ours.
    return503OnClosing: false,
  });
  answerErrorsAsApiErrors(app, drain);
  await app.register(fastifyCookie, { secret });
  await installLimits(app, { ...DEFAULT_LIMITS, ...options.limits });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // On close (SIGTERM): finish the frames in flight, then close every socket with 1012.
    preClose: async () => closeSocketsForRestart(app.websocketServer, drain),
  });
  metrics.watch({
    connectedPlayers: () => connections.players(),
    openSockets: () => app.websocketServer.clients.size,
    activeRaces: async () => (await repos.races.running()).length,
  });
  if (solver) {
    metrics.watchSolver(solver);
    // The reason stays in the log: /readyz is public and says only how many died, and when.
    solver.onDeath(({ error, exitCode, restartInMs }) =>
      app.log.error({ err: error, exitCode, restartInMs }, 'solver thread died; restarting after a backoff'),
    );
  }
  await app.register(playerRoutes, { services });
  await app.register(dailyRoutes, { services });
  await app.register(boardRoutes, { services });
  await app.register(roomRoutes, { services });
  await app.register(gameRoutes, { services });
  await app.register(wsRoutes, {
    services,
    metrics,
    drain,
    edge: {
      allowedOrigins: options.allowedOrigins ?? [],
      heartbeatMs: options.heartbeatMs ?? 30_000,
      ratePerSecond: options.rateLimit?.perSecond ?? 20,
      rateBurst: options.rateLimit?.burst ?? 40,
      rateClock: options.rateLimit?.clock ?? (() => performance.now()),
      socketsPerPlayer: options.rateLimit?.socketsPerPlayer ?? 8,
    },
  });
  app.get('/api/health', async () => ({ ok: true, serverTime: now() }));
  await app.register(healthRoutes, {
    ready: async () => {
      const database = await repos.ready();
      return database.ok ? solverReadiness(solver?.health()) : database;
    },
  });
  await app.register(metricsRoute, { metrics, token: options.metricsToken });
  await app.register(webRoutes, { webDist: options.webDist ?? '' });

  // The downtime is credited at ready, the last step before `listen` opens the port: every
  // plugin and route is loaded and no socket can carry a move yet, so start-up is off the clocks.
  // Only what needs the credit first (race timers, past dailies closed) runs after it.
  let stopHeartbeat: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    const downtimeMs = await creditDowntime(repos, now);
    stopHeartbeat = startHeartbeat(repos, now, options.downtimeTickMs ?? 250);
    const resumed = await hub.resumeRunning();
    const closed = await daily.closePastDays();
    app.log.info({ downtimeMs, racesResumed: resumed, pastDailiesClosed: closed, nicknamesRekeyed }, 'state restored');
  });
  const sweep = setInterval(() => {
    void daily.closePastDays();
    games.evictIdle(IDLE_GAME_MS);
  }, 60_000);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    hub.stop();
    await solver?.close();
    // The last beat: the time from here to the next start is credited to every open clock.
    // Never ready, never credited: no beat either, or this start's downtime would be lost.
    await stopHeartbeat?.();
    await repos.close();
  });
  app.decorate('services', services);
  return app;
}
