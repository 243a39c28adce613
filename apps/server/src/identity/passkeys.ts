import type { Passkey, PasskeyRegistrationBody, PasskeySignInBody } from '@scorpion/protocol';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Clock } from '../clock.ts';
import type { OneTimeKind, PlayerRow, Repos } from '../repo/types.ts';
import { deviceLabel } from './device-label.ts';

/** A ceremony's challenge works this long, once. */
export const CHALLENGE_MS = 5 * 60_000;

/** Who we are to authenticators (`WEBAUTHN_RP_ID`, `WEBAUTHN_ORIGINS`; docs/operations.md, "Passkeys"). */
export interface WebAuthnSettings {
  /** The site's domain, as passkeys are bound to it: `localhost` by default. */
  readonly rpId: string;
  /**
   * The page origins a ceremony may come from (`https://scorpion.example`). Empty: the request's
   * own `Origin`, if its host is `rpId` or under it (what browsers allow anyway): good for
   * localhost and one-host setups, pinned in production.
   */
  readonly origins: readonly string[];
}

export const DEFAULT_WEBAUTHN: WebAuthnSettings = { rpId: 'localhost', origins: [] };

const RP_NAME = 'Scorpion Race';

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a signed-in player adds discoverable
 * credentials (several, any device), and any device signs in with one without typing a name.
 * Challenges are one-time keys in the database: single use, `CHALLENGE_MS`, and a ceremony
 * begun on one process of a cluster ends on any other.
 */
export class Passkeys {
  private readonly repos: Pick<Repos, 'passkeys' | 'oneTimeKeys'>;
  private readonly now: Clock;
  private readonly settings: WebAuthnSettings;

  constructor(repos: Pick<Repos, 'passkeys' | 'oneTimeKeys'>, now: Clock, settings: WebAuthnSettings) {
    this.repos = repos;
    this.now = now;
    this.settings = settings;
  }

  async list(playerId: string): Promise<Passkey[]> {
    return (await this.repos.passkeys.ofPlayer(playerId)).map(({ id, label, createdAt, lastUsedAt }) => ({
      id,
      label,
      createdAt,
      lastUsedAt,
    }));
  }

  async remove(playerId: string, id: string): Promise<boolean> {
    return this.repos.passkeys.remove(playerId, id);
  }

  /** The options for the browser's `startRegistration`: a resident key, none the player has already. */
  async registrationOptions(player: PlayerRow): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.repos.passkeys.ofPlayer(player.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.settings.rpId,
      userName: player.nickname,
      userID: new TextEncoder().encode(player.id),
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({
        id: k.id,
        transports: k.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.challenge(options.challenge, 'passkey-register', player.id);
    return options;
  }

  /** Stores the passkey the browser made for `player`; false when it does not verify. */
  async register(
    player: PlayerRow,
    body: PasskeyRegistrationBody,
    origin: string | undefined,
    userAgent: string | undefined,
  ): Promise<boolean> {
    const expectedOrigin = this.originsFor(origin);
    if (expectedOrigin.length === 0) return false;
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: async (challenge) => (await this.take(challenge, 'passkey-register')) === player.id,
        expectedOrigin,
        expectedRPID: this.settings.rpId,
        requireUserVerification: false,
      });
    } catch {
      return false;
    }
    if (!verified.verified) return false;
    const { credential } = verified.registrationInfo;
    const added = await this.repos.passkeys.add({
      id: credential.id,
      playerId: player.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      label: deviceLabel(userAgent),
      createdAt: this.now(),
      lastUsedAt: null,
    });
    return added === 'ok';
  }

  /** The options for the browser's `startAuthentication`: any passkey of this site (discoverable). */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.settings.rpId, userVerification: 'preferred' });
    await this.challenge(options.challenge, 'passkey-sign-in', null);
    return options;
  }

  /** The player whose passkey signed the challenge; undefined when it does not verify. */
  async signIn(body: PasskeySignInBody, origin: string | undefined): Promise<string | undefined> {
    const expectedOrigin = this.originsFor(origin);
    const passkey = await this.repos.passkeys.get(body.response.id);
    if (!passkey || expectedOrigin.length === 0) return undefined;
    // The user handle, when the authenticator gives it, is the id the passkey was made for.
    const handle = body.response.response.userHandle;
    if (typeof handle === 'string' && Buffer.from(handle, 'base64url').toString() !== passkey.playerId)
      return undefined;
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: async (challenge) => (await this.take(challenge, 'passkey-sign-in')) !== undefined,
        expectedOrigin,
        expectedRPID: this.settings.rpId,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      });
    } catch {
      return undefined;
    }
    if (!verified.verified) return undefined;
    await this.repos.passkeys.used(passkey.id, verified.authenticationInfo.newCounter, this.now());
    return passkey.playerId;
  }

  private async challenge(challenge: string, kind: OneTimeKind, playerId: string | null): Promise<void> {
    await this.repos.oneTimeKeys.put({ key: challenge, kind, playerId, expiresAt: this.now() + CHALLENGE_MS });
  }

  /** Takes the challenge once: the player it was made for ('' for a sign-in's), or undefined. */
  private async take(challenge: string, kind: OneTimeKind): Promise<string | undefined> {
    const taken = await this.repos.oneTimeKeys.take(challenge, kind, this.now());
    return taken && (taken.playerId ?? '');
  }

  private originsFor(origin: string | undefined): string[] {
    if (this.settings.origins.length > 0) return [...this.settings.origins];
    if (!origin) return [];
    try {
      const { hostname, protocol } = new URL(origin);
      const { rpId } = this.settings;
      const under = hostname === rpId || hostname.endsWith(`.${rpId}`);
      const secure = protocol === 'https:' || hostname === 'localhost';
      return under && secure ? [origin] : [];
    } catch {
      return [];
    }
  }
}
