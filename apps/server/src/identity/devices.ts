import type { Device } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { DeviceSockets } from '../realtime/ports.ts';
import type { Repos, SessionRow } from '../repo/types.ts';
import { deviceLabel } from './device-label.ts';
import { hashToken, newId, newToken } from './token.ts';

/** A device's last-seen time is written at most this often: a page load is not worth a write. */
const SEEN_GRAIN_MS = 60_000;

/**
 * A player's signed-in devices: each its own cookie token (only the hash is stored), named from
 * its user agent. Signing one out removes its session and closes its sockets on every process.
 */
export class Devices {
  private readonly repos: Pick<Repos, 'sessions'>;
  private readonly now: Clock;
  private readonly sockets: DeviceSockets;

  constructor(repos: Pick<Repos, 'sessions'>, now: Clock, sockets: DeviceSockets) {
    this.repos = repos;
    this.now = now;
    this.sockets = sockets;
  }

  /**
   * Signs this device in as `playerId` (a passkey or a link code proved it): the token for its
   * cookie. The session the device had before, if any (as another player, or this one), ends,
   * but its sockets are left to the page: closing them (4010) would reload the page, maybe before
   * the answer that carries the new cookie arrived. The page starts again once signed in anyway.
   */
  async signIn(playerId: string, userAgent: string | undefined, previousTokenHash?: string): Promise<string> {
    if (previousTokenHash) {
      const previous = await this.repos.sessions.byTokenHash(previousTokenHash);
      if (previous) await this.repos.sessions.revoke(previous.playerId, previous.id);
    }
    const token = newToken();
    const at = this.now();
    await this.repos.sessions.add({
      id: newId(),
      playerId,
      tokenHash: hashToken(token),
      label: deviceLabel(userAgent),
      createdAt: at,
      lastSeenAt: at,
    });
    return token;
  }

  /** The player's devices, the one asking (by its token hash) marked `current`. */
  async list(playerId: string, currentTokenHash: string | undefined): Promise<Device[]> {
    return (await this.repos.sessions.ofPlayer(playerId)).map((s) => ({
      id: s.id,
      label: s.label,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.tokenHash === currentTokenHash,
    }));
  }

  /** The device behind this token hash was seen now. */
  async seen(tokenHash: string): Promise<void> {
    const session = await this.repos.sessions.byTokenHash(tokenHash);
    const at = this.now();
    if (session && at - session.lastSeenAt >= SEEN_GRAIN_MS) await this.repos.sessions.touch(session.id, at);
  }

  /** Signs the player's device out; false when it is not theirs. Its sockets close (4010). */
  async signOut(playerId: string, sessionId: string): Promise<SessionRow | undefined> {
    const removed = await this.repos.sessions.revoke(playerId, sessionId);
    if (removed) this.sockets.signOut(playerId, removed.tokenHash);
    return removed;
  }
}
