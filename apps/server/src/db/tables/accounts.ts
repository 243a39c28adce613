import { type Builders, type IndexColumns, type IndexKit, type Kit, required } from '../kit.ts';

/* Settings, heartbeats, players and how they sign in: the columns and indexes both schemas build (`kit.ts`). */

/** Key-value settings: the server secret, the heartbeat that measures downtime. */
export const settingsColumns = <B extends Builders>(k: Kit<B>) => ({
  key: k.text('key').primaryKey(),
  value: k.text('value').notNull(),
});

/**
 * Cluster mode: each process's heartbeat (`downtime.ts`), its own row beaten every tick. The
 * newest beat is when the cluster was last known alive; a beat gone stale while others beat is a
 * process that died, and the arena deals it held are taken over with that gap credited.
 */
export const nodeBeatsColumns = <B extends Builders>(k: Kit<B>) => ({
  nodeId: k.text('node_id').primaryKey(),
  beatAt: k.ms('beat_at').notNull(),
});

export const playersColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.playerId('id').primaryKey(),
  nickname: k.text('nickname').notNull(),
  /** `nicknameKey()`: case and look-alikes folded, unique, so no two names look alike. */
  nicknameKey: k.text('nickname_key').notNull(),
  /**
   * SHA-256 of the cookie token of a player who signed up before devices were listed; each start
   * moves it into `sessions` and clears it (`SessionsRepo.adoptLegacyTokens`). Nothing writes it now.
   */
  tokenHash: k.text('token_hash'),
  createdAt: k.ms('created_at').notNull(),
  /** The player's choice: the monthly open-data export names them by an anonymous label, not their nickname. */
  hidden: k.boolDefault('hidden', false),
});

export const playersIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof playersColumns, C>) => [
    k.uniqueIndex('players_nickname_key').on(t.nicknameKey),
    k.uniqueIndex('players_token_hash').on(t.tokenHash),
  ];

/** One signed-in device of a player: its cookie token's SHA-256 (never the token), named from its user agent. */
export const sessionsColumns = <B extends Builders>(k: Kit<B>) => ({
  id: k.text('id').primaryKey(),
  playerId: k.text('player_id').notNull(),
  tokenHash: k.text('token_hash').notNull(),
  label: k.text('label').notNull(),
  createdAt: k.ms('created_at').notNull(),
  lastSeenAt: k.ms('last_seen_at').notNull(),
});

export const sessionsIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof sessionsColumns, C>) => [
    k.uniqueIndex('sessions_token_hash').on(t.tokenHash),
    k.index('sessions_player').on(t.playerId),
  ];

/** A player's passkeys (WebAuthn credentials): the public key and signature counter, by credential id. */
export const passkeysColumns = <B extends Builders>(k: Kit<B>) => ({
  /** The credential id, base64url. */
  id: k.text('id').primaryKey(),
  playerId: k.text('player_id').notNull(),
  /** The COSE public key, base64url. */
  publicKey: k.text('public_key').notNull(),
  counter: k.ms('counter').notNull(),
  /** JSON array of the authenticator's transports (`internal`, `hybrid`, `usb`…). */
  transports: k.text('transports').notNull(),
  label: k.text('label').notNull(),
  createdAt: k.ms('created_at').notNull(),
  lastUsedAt: k.ms('last_used_at'),
});

export const passkeysIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof passkeysColumns, C>) => [k.index('passkeys_player').on(t.playerId)];

/**
 * Single-use keys that expire: WebAuthn challenges and link codes (by the code's SHA-256). In the
 * database, not in memory, so a ceremony begun on one process of a cluster ends on any other.
 */
export const oneTimeKeysColumns = <B extends Builders>(k: Kit<B>) => ({
  key: k.text('key').primaryKey(),
  kind: required(k.text('kind').$type<'passkey-register' | 'passkey-sign-in' | 'link'>()),
  playerId: k.text('player_id'),
  expiresAt: k.ms('expires_at').notNull(),
});

export const oneTimeKeysIndexes =
  <C extends I, I, X>(k: IndexKit<C, I, X>) =>
  (t: IndexColumns<typeof oneTimeKeysColumns, C>) => [k.index('one_time_keys_expiry').on(t.expiresAt)];
