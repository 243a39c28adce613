import type { ChallengeRow, OneTimeKind, PasskeyRow, PlayerRow, SessionRow } from '../row-types.ts';

export interface SettingsRepo {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Stores `value` unless the key is already set; returns what is stored. */
  setIfAbsent(key: string, value: string): Promise<string>;
}

export interface ChallengesRepo {
  /**
   * Stores the challenge to a game once: returns the one stored, which is another row when the
   * game already had one (sharing again gives the same link), or `taken` when the code is.
   */
  create(row: ChallengeRow): Promise<ChallengeRow | 'taken'>;
  get(code: string): Promise<ChallengeRow | undefined>;
  /** A game played against the challenge's ghost. */
  addGame(code: string, gameId: string, playerId: string): Promise<void>;
  /** The challenge a game was played against, if it was. */
  ofGame(gameId: string): Promise<string | undefined>;
  /** The player's games against the challenge, oldest first. */
  gamesOf(code: string, playerId: string): Promise<string[]>;
}

export interface PlayersRepo {
  /**
   * A new player and their first device (a session under the player's id, `label` or
   * "First device"), in one transaction.
   */
  create(p: {
    id: string;
    nickname: string;
    nicknameKey: string;
    tokenHash: string;
    at: number;
    label?: string;
  }): Promise<'ok' | 'taken'>;
  rename(id: string, nickname: string, nicknameKey: string): Promise<'ok' | 'taken'>;
  /** The player signed in on the device whose cookie token hashes to this. */
  byTokenHash(tokenHash: string): Promise<PlayerRow | undefined>;
  byId(id: string): Promise<PlayerRow | undefined>;
  byIds(ids: readonly string[]): Promise<PlayerRow[]>;
  /** The player whose name folds to `key` (`nicknameKey`): a profile's address. */
  byNicknameKey(key: string): Promise<PlayerRow | undefined>;
  /**
   * Stores every player's nickname key as `keysOf` makes them from all players in sign-up order
   * (the look-alike rule is identity's: `identity/nickname-keys.ts`), in one transaction; returns
   * how many players there are and how many look-alikes `keysOf` counted.
   */
  rekey(keysOf: NicknameKeying): Promise<{ players: number; lookAlikes: number }>;
  /** Whether the open-data export leaves the player's nickname out (their own setting). */
  setHidden(id: string, hidden: boolean): Promise<void>;
  /** Each of `ids` that is a player, with their nickname and whether they have hidden it from the export. */
  listing(ids: readonly string[]): Promise<{ id: string; nickname: string; hidden: boolean }[]>;
}

export interface SessionsRepo {
  add(row: SessionRow): Promise<void>;
  byTokenHash(tokenHash: string): Promise<SessionRow | undefined>;
  /** The player's devices, the most recently seen first. */
  ofPlayer(playerId: string): Promise<SessionRow[]>;
  /** The device was seen at `at`. */
  touch(id: string, at: number): Promise<void>;
  /** Signs the player's device out: the removed session, or undefined when it is not theirs (or gone). */
  revoke(playerId: string, id: string): Promise<SessionRow | undefined>;
  /**
   * Moves every cookie token hash still on a player row (players who signed up before devices
   * were listed) into a session of its own under the player's id, at `at`; returns how many.
   * Idempotent: the rows are cleared in the same transaction.
   */
  adoptLegacyTokens(at: number): Promise<number>;
}

export interface PasskeysRepo {
  /** 'taken' when the credential id is already stored (for this player or another). */
  add(row: PasskeyRow): Promise<'ok' | 'taken'>;
  get(id: string): Promise<PasskeyRow | undefined>;
  /** The player's passkeys, the oldest first. */
  ofPlayer(playerId: string): Promise<PasskeyRow[]>;
  /** A sign-in with the passkey at `at`, its signature counter now `counter`. */
  used(id: string, counter: number, at: number): Promise<void>;
  /** Removes the player's passkey; false when it is not theirs (or gone). */
  remove(playerId: string, id: string): Promise<boolean>;
}

export interface OneTimeKeysRepo {
  put(row: { key: string; kind: OneTimeKind; playerId: string | null; expiresAt: number }): Promise<void>;
  /**
   * Takes the key once, whoever asks first among every process on the store: the player it was
   * made for (null when for nobody yet), or undefined when it is unknown, of another kind, taken
   * already or expired at `now` (an expired one is removed too).
   */
  take(key: string, kind: OneTimeKind, now: number): Promise<{ playerId: string | null } | undefined>;
  /** Forgets the keys expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
}

/** Each player's nickname key, from every player in sign-up order, and how many look alike an older name. */
export type NicknameKeying = (players: readonly { id: string; nickname: string }[]) => {
  keys: readonly { id: string; key: string }[];
  lookAlikes: number;
};
