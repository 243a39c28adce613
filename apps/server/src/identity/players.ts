import { type ErrorCode, PROTOCOL_VERSION, type ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { PlayerRow, Repos } from '../repo/types.ts';
import { deviceLabel } from './device-label.ts';
import { checkNickname } from './nickname.ts';
import { hashToken, newId, newToken } from './token.ts';

export interface Refused {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly status: 400 | 409;
  readonly message: string;
}
export type Named = { readonly ok: true; readonly player: PlayerRow } | Refused;
export type SignedUp = { readonly ok: true; readonly player: PlayerRow; readonly token: string } | Refused;

/** Who hears of a rename at once (the rooms and races the player is in). */
export interface RenameListener {
  renamed(playerId: string, nickname: string): void;
}

const taken: Refused = {
  ok: false,
  code: 'nickname-taken',
  status: 409,
  message: 'Someone already plays under that name.',
};

/** Players: sign-up (a nickname and a secret token), renames, and what a new socket is told. */
export class PlayerService {
  private readonly repos: Pick<Repos, 'players' | 'games' | 'rooms'>;
  private readonly now: Clock;
  private readonly listener: RenameListener;
  /** When a player signing up now counts as signed up: now, but for tests (`AppOptions.signedUpAt`). */
  private readonly signedUpAt: (nickname: string, now: number) => number;

  constructor(
    repos: Pick<Repos, 'players' | 'games' | 'rooms'>,
    now: Clock,
    listener: RenameListener,
    signedUpAt: (nickname: string, now: number) => number = (_nickname, at) => at,
  ) {
    this.repos = repos;
    this.now = now;
    this.listener = listener;
    this.signedUpAt = signedUpAt;
  }

  /**
   * A new player under `nickname`, signed in on the device they signed up on (named from its
   * user agent); the token (only its hash is stored) goes into their cookie.
   *
   * `admit` counts the sign-up against its budget (it throws when that is spent), and is called
   * only once the nickname is known to be good and free: a player who mistypes or picks a taken
   * name spends none of it, while every player created has been counted first, however many
   * requests run at once. (A name taken between the look and the insert is still counted.)
   */
  async create(nickname: string, userAgent?: string, admit?: () => Promise<void>): Promise<SignedUp> {
    const checked = checkNickname(nickname);
    if (!checked.ok) return { ok: false, code: 'nickname-invalid', status: 400, message: checked.message };
    if (await this.repos.players.byNicknameKey(checked.key)) return taken;
    await admit?.();
    const token = newToken();
    const player = { id: newId(), nickname: checked.nickname };
    const created = await this.repos.players.create({
      ...player,
      nicknameKey: checked.key,
      tokenHash: hashToken(token),
      at: this.signedUpAt(checked.nickname, this.now()),
      label: deviceLabel(userAgent),
    });
    return created === 'taken' ? taken : { ok: true, player, token };
  }

  async rename(playerId: string, nickname: string): Promise<Named> {
    const checked = checkNickname(nickname);
    if (!checked.ok) return { ok: false, code: 'nickname-invalid', status: 400, message: checked.message };
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
