import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { fallbackLimitStore } from '../cluster/adapters/limit-store.ts';
import { tokenHashOf } from '../identity/cookie.ts';
import { deviceOf } from '../identity/device.ts';
import { RateLimited } from './errors.ts';

/** At most `max` requests in any `windowMs` (a fixed window, from the first request in it). */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** Each limit in force, what it counts and whom by (docs/operations.md, "Rate limits"). */
export interface Limits {
  /**
   * Players created by `POST /api/players`, per device (its `scorpion_device` cookie; a client
   * without one, a script, counts by its address): a refused nickname spends nothing.
   */
  readonly signup: Limit;
  /** The same sign-ups, per address, every device behind it together: a ceiling, not a wall. */
  readonly signupAddress: Limit;
  /** `PATCH /api/me`, per player. */
  readonly rename: Limit;
  /** The socket's `room-create`, per player; `POST /api/puzzles/race` too, counted apart. */
  readonly roomCreate: Limit;
  /** `GET /api/rooms/:code` and `/races`, per address; the socket's `room-join` and a puzzle race's join, per player. */
  readonly roomLookup: Limit;
  /** Every `GET /api/leaderboards/…` and `/api/head-to-head`, per address, one budget for all. */
  readonly boards: Limit;
  /** `POST /api/link-codes`, per player. */
  readonly linkCode: Limit;
  /** `POST /api/link`, per address, right or wrong: a code cannot be guessed at machine speed. */
  readonly linkTry: Limit;
  /** Both steps of a passkey sign-in (`POST /api/passkeys/sign-in/options` and `/sign-in`), per address. */
  readonly passkeySignIn: Limit;
  /** The socket's `queue-join` (quick races), per player. */
  readonly queueJoin: Limit;
  /** `POST /api/reports` and `/api/me/appeal`, per player: the moderators' queue is read by people. */
  readonly report: Limit;
  /** `POST /api/games/:id/hint`, per player: each answer is up to 1.5 s of a solver thread. */
  readonly hint: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Wide enough for a family, a class or an office behind one address (signups: a few a day per
 * device, a cleared cookie or two; a whole class at once, and more each hour, behind one address)
 * and a player paging a board; narrow enough that nobody mints spare identities at machine
 * speed, probes room codes or scrapes boards. A larger crowd behind one address raises them all
 * with `RATE_LIMIT_SCALE`.
 */
export const DEFAULT_LIMITS: Limits = {
  signup: { max: 5, windowMs: DAY },
  signupAddress: { max: 30, windowMs: HOUR },
  rename: { max: 10, windowMs: HOUR },
  roomCreate: { max: 20, windowMs: HOUR },
  roomLookup: { max: 60, windowMs: MINUTE },
  boards: { max: 120, windowMs: MINUTE },
  linkCode: { max: 10, windowMs: HOUR },
  linkTry: { max: 10, windowMs: 10 * MINUTE },
  passkeySignIn: { max: 30, windowMs: 10 * MINUTE },
  queueJoin: { max: 60, windowMs: 10 * MINUTE },
  report: { max: 20, windowMs: HOUR },
  hint: { max: 30, windowMs: MINUTE },
};

/**
 * Every limit's `max` times `factor` (`RATE_LIMIT_SCALE`): more room behind a large NAT, or for
 * a load test from one machine.
 */
export function scaledLimits(factor: number, limits: Limits = DEFAULT_LIMITS): Limits {
  const scale = ({ max, windowMs }: Limit): Limit => ({ max: Math.max(1, Math.round(max * factor)), windowMs });
  return {
    signup: scale(limits.signup),
    signupAddress: scale(limits.signupAddress),
    rename: scale(limits.rename),
    roomCreate: scale(limits.roomCreate),
    roomLookup: scale(limits.roomLookup),
    boards: scale(limits.boards),
    linkCode: scale(limits.linkCode),
    linkTry: scale(limits.linkTry),
    passkeySignIn: scale(limits.passkeySignIn),
    queueJoin: scale(limits.queueJoin),
    report: scale(limits.report),
    hint: scale(limits.hint),
  };
}

/** One hook per REST limit (each one budget, however many routes share it), and checks for the socket. */
export interface Limiters {
  /** Counts one player about to be created, throwing `RateLimited` (a 429) when the device's or the address's budget is spent. */
  readonly signup: (request: FastifyRequest) => Promise<void>;
  readonly rename: onRequestAsyncHookHandler;
  readonly roomLookup: onRequestAsyncHookHandler;
  readonly boards: onRequestAsyncHookHandler;
  readonly linkCode: onRequestAsyncHookHandler;
  readonly linkTry: onRequestAsyncHookHandler;
  readonly passkeySignIn: onRequestAsyncHookHandler;
  readonly report: onRequestAsyncHookHandler;
  readonly hint: onRequestAsyncHookHandler;
  /** `POST /api/puzzles/race`, per player, against the `roomCreate` budget (its own count). */
  readonly puzzleRaceCreate: onRequestAsyncHookHandler;
  /** `POST /api/puzzles/race/:code/join`, per player, against the `roomLookup` budget (its own count). */
  readonly puzzleRaceJoin: onRequestAsyncHookHandler;
  /** A read of a puzzle race that does not exist, per player, against the `roomLookup` budget (its own count): the seconds to wait, or 0. */
  readonly puzzleRaceMiss: (request: FastifyRequest) => Promise<number>;
  /** For a socket's frames, counted against its upgrade request (so its player): the seconds to wait, or 0 to go on. */
  readonly socket: {
    readonly roomCreate: (upgrade: FastifyRequest) => Promise<number>;
    readonly roomJoin: (upgrade: FastifyRequest) => Promise<number>;
    readonly queueJoin: (upgrade: FastifyRequest) => Promise<number>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limiters;
  }
}

/** The address as Fastify reads it (through `trustProxy`), an IPv6 address by its /64. */
const addressOf = (request: FastifyRequest) => `address:${normalizeIP(request.ip)}`;

/** The browser by its signed device cookie; a client without one (a script) by its address. */
function deviceOrAddress(request: FastifyRequest): string {
  const device = deviceOf(request);
  return device ? `device:${device}` : addressOf(request);
}

/**
 * The player behind a validly signed identity cookie, by their token's hash: known without a
 * database read, and not forgeable. Without one, the address stands in.
 */
function playerOrAddress(request: FastifyRequest): string {
  const player = tokenHashOf(request);
  return player ? `player:${player}` : addressOf(request);
}

/**
 * `@fastify/rate-limit` on no route by itself: routes take the hooks of `app.limits`. A refusal
 * is a 429 `rate-limited` with `Retry-After` and `retryAfter` (see `answerFor`). The counts are
 * in memory, or in Redis when one is given, so every process of a cluster counts against the
 * same budget (and, while Redis is away, each against half of it).
 */
export async function installLimits(app: FastifyInstance, limits: Limits, redis?: Redis): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    cache: 10_000,
    // Redis away: each process counts on its own, against half of each budget (limit-store.ts).
    ...(redis ? { store: fallbackLimitStore(redis, 'limit:', 10_000) } : {}),
    errorResponseBuilder: (_request, context) => new RateLimited(Math.ceil(context.ttl / 1000)),
  });
  // Each limit's keys carry its name: the Redis store keeps every limit in one key space.
  const named = (name: string, key: (request: FastifyRequest) => string) => (request: FastifyRequest) =>
    `${name}:${key(request)}`;
  const hook = (name: keyof Limits, keyGenerator = addressOf, label: string = name) =>
    app.rateLimit({
      max: limits[name].max,
      timeWindow: limits[name].windowMs,
      keyGenerator: named(label, keyGenerator),
    }) as onRequestAsyncHookHandler;
  /** Counts one against a limit where the caller chooses: the seconds to wait, or 0 to go on. */
  const check = (name: keyof Limits, label: string = name, keyGenerator = playerOrAddress) => {
    const { max, windowMs } = limits[name];
    const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: named(label, keyGenerator) });
    return async (request: FastifyRequest) => {
      const state = await limit(request);
      return !state.isAllowed && state.isExceeded ? Math.max(1, state.ttlInSeconds) : 0;
    };
  };
  const signupsByDevice = check('signup', 'signup', deviceOrAddress);
  const signupsByAddress = check('signupAddress', 'signupAddress', addressOf);
  app.decorate('limits', {
    // The device first: a browser past its own budget spends none of its address's.
    signup: async (request: FastifyRequest) => {
      const device = await signupsByDevice(request);
      if (device > 0) {
        throw new RateLimited(device, `Too many new players from this ${deviceOf(request) ? 'device' : 'address'}`);
      }
      const address = await signupsByAddress(request);
      if (address > 0) throw new RateLimited(address, 'Too many new players from this network address');
    },
    rename: hook('rename', playerOrAddress),
    roomLookup: hook('roomLookup'),
    boards: hook('boards'),
    linkCode: hook('linkCode', playerOrAddress),
    linkTry: hook('linkTry'),
    passkeySignIn: hook('passkeySignIn'),
    report: hook('report', playerOrAddress),
    hint: hook('hint', playerOrAddress),
    puzzleRaceCreate: hook('roomCreate', playerOrAddress, 'puzzleRaceCreate'),
    puzzleRaceJoin: hook('roomLookup', playerOrAddress, 'puzzleRaceJoin'),
    puzzleRaceMiss: check('roomLookup', 'puzzleRaceMiss'),
    socket: {
      roomCreate: check('roomCreate'),
      roomJoin: check('roomLookup', 'roomJoin'),
      queueJoin: check('queueJoin'),
    },
  } satisfies Limiters);
}
