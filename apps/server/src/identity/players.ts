import { randomInt } from 'node:crypto';
import { PROTOCOL_VERSION, type ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { type Refusal, refuse } from '../refusal.ts';
import type { PlayerRow, Repos } from '../repo/types.ts';
import { deviceLabel } from './device-label.ts';
import { checkNickname, nicknameKey } from './nickname.ts';
import { hashToken, newId, newToken } from './token.ts';

export type Named = { readonly ok: true; readonly player: PlayerRow } | Refusal;
export type SignedUp = { readonly ok: true; readonly player: PlayerRow; readonly token: string } | Refusal;

/** How many names a guest's sign-up draws before it gives up (as taken): more than one in a million is never needed. */
const GUEST_DRAWS = 5;

/** Who hears of a rename at once (the rooms and races the player is in). */
export interface RenameListener {
  renamed(playerId: string, nickname: string): void;
}

const taken = refuse('nickname-taken', 'Someone already plays under that name.');

/** Players: sign-up (a nickname and a secret token), renames, and what a new socket is told. */
export class PlayerService {
  private readonly repos: Pick<Repos, 'players' | 'games' | 'rooms'>;
  private readonly now: Clock;
  private readonly listener: RenameListener;

  constructor(repos: Pick<Repos, 'players' | 'games' | 'rooms'>, now: Clock, listener: RenameListener) {
    this.repos = repos;
    this.now = now;
    this.listener = listener;
  }

  /**
   * A new player under `nickname`, signed in on the device they signed up on (named from its
   * user agent); the token (only its hash is stored) goes into their cookie. Without a nickname,
   * a guest under a neutral name (`Guest 123456`, which nobody can pick): a newcomer plays the
   * daily first and puts their own name on the board after, by a rename.
   *
   * `admit` counts the sign-up against its budget (it throws when that is spent), and is called
   * only once the nickname is known to be good and free: a player who mistypes or picks a taken
   * name spends none of it, while every player created has been counted first, however many
   * requests run at once. (A name taken between the look and the insert is still counted.)
   */
  async create(nickname: string | undefined, userAgent?: string, admit?: () => Promise<void>): Promise<SignedUp> {
    if (nickname === undefined) return this.createGuest(userAgent, admit);
    const checked = checkNickname(nickname);
    if (!checked.ok) return refuse('nickname-invalid', checked.message);
    if (await this.repos.players.byNicknameKey(checked.key)) return taken;
    await admit?.();
    return this.insert(checked.nickname, checked.key, userAgent);
  }

  /** A guest's name is drawn again when it is taken: a million names, so a few draws always do. */
  private async createGuest(userAgent?: string, admit?: () => Promise<void>): Promise<SignedUp> {
    await admit?.();
    for (let draw = 0; ; draw++) {
      const nickname = `Guest ${randomInt(1_000_000).toString().padStart(6, '0')}`;
      const created = await this.insert(nickname, nicknameKey(nickname), userAgent);
      if (created.ok || draw === GUEST_DRAWS - 1) return created;
    }
  }

  private async insert(nickname: string, nicknameKey: string, userAgent?: string): Promise<SignedUp> {
    const token = newToken();
    const player = { id: newId(), nickname };
    const created = await this.repos.players.create({
      ...player,
      nicknameKey,
      tokenHash: hashToken(token),
      at: this.now(),
      label: deviceLabel(userAgent),
    });
    return created === 'taken' ? taken : { ok: true, player, token };
  }

  async rename(playerId: string, nickname: string): Promise<Named> {
    const checked = checkNickname(nickname);
    if (!checked.ok) return refuse('nickname-invalid', checked.message);
    if ((await this.repos.players.rename(playerId, checked.nickname, checked.key)) === 'taken') return taken;
    this.listener.renamed(playerId, checked.nickname);
    return { ok: true, player: { id: playerId, nickname: checked.nickname } };
  }

  /** The first frame on a socket: who the player is, their unfinished games and their rooms. */
  async welcome(player: PlayerRow): Promise<ServerMessage> {
    const [games, rooms] = await Promise.all([
      this.repos.games.unfinishedOf(player.id),
      this.repos.rooms.roomsOf(player.id),
    ]);
    return {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      player: { id: player.id, nickname: player.nickname },
      serverTime: this.now(),
      games: games.map((g) => ({ gameId: g.id, kind: g.kind, roomCode: g.roomCode })),
      rooms,
    };
  }
}
