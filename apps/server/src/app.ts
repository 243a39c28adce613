import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import { HOLD_SCORE, type SolverPool } from '@scorpion/solver';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ChallengePolicy } from './challenges/policy.ts';
import { ChallengeService } from './challenges/service.ts';
import { type Clock, systemClock } from './clock.ts';
import { ClusterPush } from './cluster/cluster-push.ts';
import { DailyRanks } from './cluster/daily-ranks.ts';
import { withRankUpdates } from './cluster/rank-updates.ts';
import { openRedis } from './cluster/redis-links.ts';
import { DailyPolicy } from './daily/policy.ts';
import { DailyService } from './daily/service.ts';
import { acceptEveryDeal, type Certifier } from './deals/certify.ts';
import { solverCertifier } from './deals/solver-certifier.ts';
import { type DealSource, secretDeals } from './deals/source.ts';
import { creditDowntime, startClusterHeartbeat, startHeartbeat } from './downtime.ts';
import { heldSummary } from './evidence/held-summary.ts';
import { EvidenceRunner, type EvidenceRunnerOptions } from './evidence/runner.ts';
import { PracticePolicy } from './games/practice.ts';
import { GameService } from './games/service.ts';
import { installDeviceCookie, seenReader } from './identity/device.ts';
import { Devices } from './identity/devices.ts';
import { LinkCodes } from './identity/link-codes.ts';
import { rekeyNicknames } from './identity/nickname-keys.ts';
import { DEFAULT_WEBAUTHN, Passkeys, type WebAuthnSettings } from './identity/passkeys.ts';
import { PlayerService } from './identity/players.ts';
import { serverSecret } from './identity/secret.ts';
import { ModerationService } from './moderation/service.ts';
import { healthRoutes, solverReadiness } from './ops/health.ts';
import { metricsRoute } from './ops/metrics-route.ts';
import { ServerMetrics } from './ops/metrics-server.ts';
import { closeSocketsForRestart, Drain } from './ops/shutdown.ts';
import { MATCH_EVERY_MS } from './queue/matching.ts';
import { RedisQueueStore } from './queue/redis-store.ts';
import { QuickQueue } from './queue/service.ts';
import { MemoryQueueStore } from './queue/store.ts';
import { RaceHub } from './races/hub.ts';
import { LEASE_MS, Leases, RENEW_MS, TAKEOVER_MS } from './races/leases.ts';
import { RacePolicy } from './races/policy.ts';
import { pgRepos } from './repo/postgres/index.ts';
import { sqliteRepos } from './repo/sqlite/index.ts';
import { boardRoutes } from './routes/boards.ts';
import { challengeRoutes } from './routes/challenges.ts';
import { dailyRoutes } from './routes/daily.ts';
import { deviceRoutes } from './routes/devices.ts';
import { answerErrorsAsApiErrors, clientErrorHandler, frameworkErrors } from './routes/errors.ts';
import { gameRoutes } from './routes/games.ts';
import { DEFAULT_LIMITS, installLimits, type Limits } from './routes/limits.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { playerRoutes } from './routes/players.ts';
import { profileRoutes } from './routes/profiles.ts';
import { roomRoutes } from './routes/rooms.ts';
import { webRoutes } from './routes/web.ts';
import type { Services } from './services.ts';
import { Connections } from './ws/connections.ts';
import { MAX_FRAME_BYTES, NOT_OWNER, wsRoutes } from './ws/route.ts';

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
  /**
   * Weighing finished ranked games (issue #32): a low-priority solver pool of its own, and the
   * moderators' seam (`onHeld`). Without it no game is weighed and every result stands.
   */
  readonly evidence?: Pick<EvidenceRunnerOptions, 'pool' | 'onHeld' | 'holdScore' | 'budgets'> & {
    readonly close?: () => Promise<void>;
  };
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
   * `services.queue.tick()`.
   */
  readonly queueTickMs?: number;
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
  if (options.redisUrl && !options.nodeId) throw new Error('NODE_ID is required with REDIS_URL');
  const redis = options.redisUrl ? await openRedis(options.redisUrl) : undefined;
  const stored = options.databaseUrl
    ? await pgRepos(options.databaseUrl, metrics.sqliteCommit)
    : sqliteRepos(options.databasePath, options.databaseSync, metrics.sqliteCommit, metrics.walHold);
  const ranks = redis && new DailyRanks({ redis: redis.commands, repos: stored, now });
  const repos = ranks
    ? withRankUpdates(stored, ranks, (error) => app.log.warn({ err: error }, 'rank not added'))
    : stored;
  const secret = await serverSecret(repos.settings, options.secret);
  const nicknamesRekeyed = await rekeyNicknames(repos);
  const devicesAdopted = await repos.sessions.adoptLegacyTokens(now());
  const deals = options.deals ?? secretDeals(secret);
  const solver = options.solver;
  const certifier = options.certifier ?? (solver ? solverCertifier(solver) : acceptEveryDeal);

  const connections = new Connections();
  const cluster =
    redis &&
    new ClusterPush(connections, {
      nodeId: options.nodeId!,
      redis: redis.commands,
      subscriber: redis.subscriber,
      onRemoteChange: (playerId) => hub.presenceChanged(playerId),
    });
  const push = cluster ?? connections;
  const leases = options.nodeId
    ? new Leases({ nodeId: options.nodeId, repo: repos.ownership, now, leaseMs: options.lease?.leaseMs ?? LEASE_MS })
    : undefined;
  // A game its evidence holds goes to the moderators' queue; their decisions move it on or off
  // the boards through its evidence row.
  const moderation = new ModerationService(repos, now, {
    hold: async (gameId) => void (await repos.evidence.decide(gameId, 'held')),
    release: async (gameId) => void (await repos.evidence.decide(gameId, 'cleared')),
  });
  const evidence =
    options.evidence &&
    new EvidenceRunner({
      ...options.evidence,
      repos,
      now,
      onHeld: async (game, weighed) => {
        const summary = heldSummary(weighed, options.evidence?.holdScore ?? HOLD_SCORE);
        await moderation.enqueueHeld({ playerId: game.playerId, gameId: game.id, summary });
        await options.evidence?.onHeld?.(game, weighed);
      },
      onError: (gameId, error) => app.log.error({ err: error, gameId }, 'game not weighed for evidence'),
    });
  const games = new GameService(
    repos.games,
    now,
    {
      practice: new PracticePolicy(),
      daily: new DailyPolicy(repos),
      race: new RacePolicy(repos.races, leases !== undefined),
      challenge: new ChallengePolicy(),
    },
    evidence && ((row) => evidence.finished(row)),
  );
  const daily = new DailyService(repos, games, deals, certifier, now);
  const hub = new RaceHub({
    repos,
    games,
    deals,
    certifier,
    push,
    now,
    countdownMs: options.countdownMs ?? 3000,
    absentGraceMs: options.absentGraceMs,
    idleBeforeEndMs: options.raceIdleBeforeEndMs,
    leases,
    disconnect: (playerId, owner) => connections.closeAll(playerId, NOT_OWNER, owner),
    log: (error, code, what) => app.log.error({ err: error, code }, what),
  });
  const players = new PlayerService(repos, now, hub);
  const devices = new Devices(repos, now, cluster ?? connections);
  const passkeys = new Passkeys(repos, now, options.webauthn ?? DEFAULT_WEBAUTHN);
  const linkCodes = new LinkCodes(repos, now);
  const challenges = new ChallengeService({ repos, games, push, now });
  const queue = new QuickQueue({
    repos,
    games,
    hub,
    challenges,
    // In cluster mode the queue is Redis's, so one entry per player holds on every process.
    store: redis ? new RedisQueueStore(redis.commands) : new MemoryQueueStore(),
    push,
    online: () => cluster?.online() ?? connections.players(),
    now,
    nodeId: options.nodeId ?? 'embedded',
    ghostOfferMs: options.queueGhostOfferMs,
    log: (error, what) => app.log.warn({ err: error }, what),
  });
  await cluster?.start();
  const services: Services = {
    repos,
    games,
    daily,
    hub,
    players,
    devices,
    passkeys,
    linkCodes,
    deals,
    connections,
    push,
    ranks,
    now,
    challenges,
    ...(evidence ? { evidence } : {}),
    queue,
    moderation,
  };

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
  // Every body is JSON: without this, Fastify reads text/plain as a string, and a JSON body sent
  // as text/plain got a puzzling "expected object, received string" instead of 415.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie, { secret });
  installDeviceCookie(app);
  await installLimits(app, { ...DEFAULT_LIMITS, ...options.limits }, redis?.commands);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // On close (SIGTERM): finish the frames in flight, then close every socket with 1012.
    preClose: async () => closeSocketsForRestart(app.websocketServer, drain),
  });
  const nodeId = options.nodeId;
  if (nodeId !== undefined) {
    app.websocketServer.on('headers', (headers: string[]) => headers.push(`X-Scorpion-Node: ${nodeId}`));
  }
  metrics.watch({
    connectedPlayers: () => connections.players(),
    openSockets: () => app.websocketServer.clients.size,
    activeRaces: async () => (await repos.races.running()).length,
    quickQueue: async () => (await queue.waiting()).length,
  });
  if (solver) {
    metrics.watchSolver(solver);
    // The reason stays in the log: /readyz is public and says only how many died, and when.
    solver.onDeath(({ error, exitCode, restartInMs }) =>
      app.log.error({ err: error, exitCode, restartInMs }, 'solver thread died; restarting after a backoff'),
    );
  }
  await app.register(playerRoutes, { services });
  await app.register(deviceRoutes, { services });
  await app.register(passkeyRoutes, { services });
  await app.register(dailyRoutes, { services });
  await app.register(boardRoutes, { services });
  await app.register(roomRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(moderationRoutes, { services });
  await app.register(gameRoutes, { services });
  await app.register(challengeRoutes, { services });
  await app.register(wsRoutes, {
    services,
    metrics,
    drain,
    seenOf: seenReader(secret),
    edge: {
      allowedOrigins: options.allowedOrigins ?? [],
      heartbeatMs: options.heartbeatMs ?? 30_000,
      ratePerSecond: options.rateLimit?.perSecond ?? 20,
      rateBurst: options.rateLimit?.burst ?? 40,
      rateClock: options.rateLimit?.clock ?? (() => performance.now()),
      socketsPerPlayer: options.rateLimit?.socketsPerPlayer ?? 8,
    },
  });
  await app.register(healthRoutes, {
    nodeId,
    now,
    ready: async () => {
      const database = await repos.ready();
      if (!database.ok) return database;
      if (redis && !(await redis.ping())) return { ok: false, reason: 'redis unreachable' };
      return solverReadiness(solver?.health());
    },
  });
  await app.register(metricsRoute, { metrics, token: options.metricsToken });
  await app.register(webRoutes, { webDist: options.webDist ?? '', services });

  // The downtime is credited at ready, the last step before `listen` opens the port: every
  // plugin and route is loaded and no socket can carry a move yet, so start-up is off the clocks.
  // Only what needs the credit first (race timers, past dailies closed) runs after it.
  // Games a restart left queued are weighed now (in a cluster, every process weighs the queue:
  // the same game weighed twice stores the same evidence).
  app.addHook('onReady', async () => evidence?.resume());
  let stopHeartbeat: (() => Promise<void>) | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  let takeoverTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // In a cluster other processes may have run on while this one was down: only a whole-cluster
    // outage is credited here, and each race's gap by its takeover (`hub.takeOver`).
    const tickMs = options.downtimeTickMs ?? 250;
    let downtimeMs: number;
    if (leases) {
      const heartbeat = await startClusterHeartbeat(repos, now, tickMs);
      downtimeMs = heartbeat.downtimeMs;
      stopHeartbeat = heartbeat.stop;
    } else {
      downtimeMs = await creditDowntime(repos, now);
      stopHeartbeat = startHeartbeat(repos, now, tickMs);
    }
    const resumed = leases ? await hub.takeOver() : await hub.resumeRunning();
    const renewMs = options.lease?.renewMs ?? RENEW_MS;
    if (leases && renewMs > 0) {
      leaseTimer = setInterval(() => {
        hub.tickLeases().catch((error: unknown) => app.log.error({ err: error }, 'lease renewal failed'));
      }, renewMs);
      leaseTimer.unref();
      // Orphans are looked for more often than leases are renewed: one read, and a slow one is
      // not overlapped by the next.
      let looking = false;
      takeoverTimer = setInterval(() => {
        if (looking) return;
        looking = true;
        hub
          .takeOver()
          .catch((error: unknown) => app.log.error({ err: error }, 'takeover failed'))
          .finally(() => {
            looking = false;
          });
      }, TAKEOVER_MS);
      takeoverTimer.unref();
    }
    const closed = await daily.closePastDays();
    app.log.info(
      { downtimeMs, racesResumed: resumed, pastDailiesClosed: closed, nicknamesRekeyed, devicesAdopted },
      'state restored',
    );
  });
  const sweep = setInterval(() => {
    // The database may be out of reach this minute: the next sweep closes them.
    daily.closePastDays().catch((error: unknown) => app.log.warn({ err: error }, 'past dailies not closed'));
    games.evictIdle(IDLE_GAME_MS);
    // Expired challenges and link codes are refused when taken; this only keeps the table small.
    void repos.oneTimeKeys.sweep(now()).catch(() => {});
  }, 60_000);
  sweep.unref();

  const queueTickMs = options.queueTickMs ?? MATCH_EVERY_MS;
  const queueTimer =
    queueTickMs > 0
      ? setInterval(() => {
          queue.tick().catch((error: unknown) => app.log.error({ err: error }, 'quick-race queue look failed'));
        }, queueTickMs)
      : undefined;
  queueTimer?.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(queueTimer);
    clearInterval(leaseTimer);
    clearInterval(takeoverTimer);
    hub.stop();
    challenges.stop();
    await cluster?.stop().catch(() => {});
    await redis?.close();
    await solver?.close();
    // The pool first: a game being weighed stays queued for the next start.
    await options.evidence?.close?.();
    await evidence?.close();
    // The last beat: the time from here to the next start is credited to every open clock.
    // Never ready, never credited: no beat either, or this start's downtime would be lost.
    await stopHeartbeat?.();
    await repos.close();
  });
  app.decorate('services', services);
  return app;
}
