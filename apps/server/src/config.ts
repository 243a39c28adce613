import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so relative paths mean the same from `pnpm start` at the root or here. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databasePath: string;
  /**
   * `DATABASE_URL` (`postgres://…`): cluster mode, everything stored in PostgreSQL, and then
   * `REDIS_URL`, `NODE_ID` and `SCORPION_SECRET` are required; unset: SQLite.
   */
  readonly databaseUrl: string | undefined;
  /**
   * When unset, a secret is generated on first start and kept in the database; required in
   * cluster mode (`DATABASE_URL`).
   */
  readonly secret: string | undefined;
  /** Bearer token for `/metrics`; when unset, metrics are off (404). */
  readonly metricsToken: string | undefined;
  readonly databaseSync: 'normal' | 'full';
  readonly logLevel: string;
  /** Extra origins allowed to open the socket (comma-separated); the page's own origin always is. */
  readonly allowedOrigins: readonly string[];
  readonly webDist: string;
  /** Where the monthly open-data files are made (`pnpm export-games`) and served from (`/api/exports`). */
  readonly exportsDir: string;
  /** The shipped puzzles (`docs/puzzles/data`, `scorpion puzzles pack`), read at start. */
  readonly puzzlesDir: string;
  readonly countdownMs: number;
  /** `solver` (default): daily deals and "winnable only" races are proven winnable; `none`: not. */
  readonly certify: 'solver' | 'none';
  /**
   * Whose `X-Forwarded-*` headers are believed: nobody's (default), everyone's (`true`), or the
   * proxies' addresses (`loopback`, `10.0.0.0/8,…`). It decides the cookie's `Secure` flag and
   * the client address in logs.
   */
  readonly trustProxy: boolean | string;
  /** Multiplies every rate limit's allowance (`RATE_LIMIT_SCALE`, default 1); see docs/operations.md. */
  readonly rateLimitScale: number;
  /** Redis for pushes, presence, limits and ranks across processes; unset: all in this process. */
  readonly redisUrl: string | undefined;
  /**
   * This process's id in a cluster (`NODE_ID`; required with `REDIS_URL`): rooms are then owned
   * under leases in the database and clients are sent to their owner (docs/operations.md, "Room
   * owners"). Unset: one process.
   */
  readonly nodeId: string | undefined;
  /**
   * Passkeys' relying party: `WEBAUTHN_RP_ID` (the site's domain, default `localhost`) and
   * `WEBAUTHN_ORIGINS` (the page origins, comma-separated; default: the request's own, under the RP id).
   */
  readonly webauthn: { readonly rpId: string; readonly origins: readonly string[] };
}

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** Origins are compared whole by the WebAuthn library: `https://host[:port]`, nothing after it. */
function webauthnFrom(env: NodeJS.ProcessEnv): Config['webauthn'] {
  const rpId = optional(env.WEBAUTHN_RP_ID) ?? 'localhost';
  if (!/^[a-z0-9.-]+$/i.test(rpId)) throw new Error(`WEBAUTHN_RP_ID must be a domain name, not ${rpId}`);
  const origins = commaList(env.WEBAUTHN_ORIGINS);
  for (const origin of origins)
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(`WEBAUTHN_ORIGINS must list origins like https://example.com, not ${origin}`);
  return { rpId, origins };
}

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

/** `NAME=` (as a compose .env file writes an unfilled value) means unset, not an empty value. */
function optional(value: string | undefined): string | undefined {
  return value === '' ? undefined : value;
}

function trustProxyFrom(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** A node id travels as a WebSocket close reason and a query parameter: short and plain. */
function nodeIdFrom(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(value))
    throw new Error(`NODE_ID must be 1 to 64 letters, digits, '.', '_' or '-', not ${value}`);
  return value;
}

/**
 * A variable that takes one of a few words: a misspelt one (`DATABASE_SYNC=fulll`) stops the
 * start, since quietly falling back to the default would leave the operator believing it is set.
 */
function oneOf<T extends string>(name: string, value: string | undefined, words: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(words as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${words.join(', ')}, not ${value}`);
  return value as T;
}

/** A whole number of digits only: `Number` alone takes '', ' 80', '0x50' and '1e3'. */
function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n <= max)) throw new Error(`${name} must be a whole number from 0 to ${max}, not ${value}`);
  return n;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The longest delay a Node timer keeps; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = wholeNumber('PORT', optional(env.PORT), 8080, 65535);
  const secret = optional(env.SCORPION_SECRET);
  if (secret !== undefined && secret.length < 32) throw new Error('SCORPION_SECRET must hold at least 32 characters');
  const databaseUrl = optional(env.DATABASE_URL);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('DATABASE_URL must be a postgres:// URL');
  const metricsToken = optional(env.METRICS_TOKEN);
  if (metricsToken !== undefined && metricsToken.length < 16)
    throw new Error('METRICS_TOKEN must hold at least 16 characters');
  const rateLimitScale = Number(optional(env.RATE_LIMIT_SCALE) ?? 1);
  if (!(rateLimitScale > 0) || !Number.isFinite(rateLimitScale))
    throw new Error(`RATE_LIMIT_SCALE must be a positive number, not ${env.RATE_LIMIT_SCALE}`);
  const redisUrl = optional(env.REDIS_URL);
  const nodeId = nodeIdFrom(optional(env.NODE_ID));
  if (databaseUrl !== undefined) {
    // Cluster mode: the processes share pushes and ranks (Redis) and own rooms by name (NODE_ID);
    // the secret that signs every process's cookies is the operator's, not the first starter's.
    const missing = (['REDIS_URL', 'NODE_ID', 'SCORPION_SECRET'] as const).find(
      (name) => optional(env[name]) === undefined,
    );
    if (missing) throw new Error(`${missing} is required with DATABASE_URL (cluster mode)`);
  }
  if (redisUrl !== undefined && nodeId === undefined) throw new Error('NODE_ID is required with REDIS_URL');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databasePath: fromRoot(env.DATABASE_PATH ?? 'data/scorpion.db'),
    databaseUrl,
    secret,
    metricsToken,
    databaseSync: oneOf('DATABASE_SYNC', optional(env.DATABASE_SYNC), ['normal', 'full'], 'normal'),
    logLevel: oneOf('LOG_LEVEL', optional(env.LOG_LEVEL), LOG_LEVELS, 'info'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webDist: fromRoot(env.WEB_DIST ?? 'apps/web/dist'),
    exportsDir: fromRoot(env.EXPORTS_DIR ?? 'data/exports'),
    puzzlesDir: fromRoot(env.PUZZLES_DIR ?? 'docs/puzzles/data'),
    countdownMs: wholeNumber('RACE_COUNTDOWN_MS', optional(env.RACE_COUNTDOWN_MS), 3000, MAX_TIMER_MS),
    certify: oneOf('CERTIFY', optional(env.CERTIFY), ['solver', 'none'], 'solver'),
    trustProxy: trustProxyFrom(optional(env.TRUST_PROXY)),
    rateLimitScale,
    redisUrl,
    nodeId,
    webauthn: webauthnFrom(env),
  };
}
