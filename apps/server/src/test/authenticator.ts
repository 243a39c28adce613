import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly userHandle: string;
  counter: number;
}

/**
 * A software passkey authenticator for tests, built from node:crypto: ES256 keys, "none"
 * attestation, discoverable credentials (it remembers the user handle and picks the one passkey
 * it holds for the site). It answers the options a server sends as the browser's
 * `startRegistration` / `startAuthentication` would, for a page at `origin`.
 */
export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];

  /** `navigator.credentials.create()` with the server's options. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = { id: randomBytes(16), privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.header(options.rp.id ?? new URL(origin).hostname, UP | UV | AT, credential.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      encodeCBOR(coseKey),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get()` with the server's options: signs with the newest passkey it holds. */
  get(options: { challenge: string; rpId?: string }, origin: string) {
    const credential = this.credentials.at(-1);
    if (!credential) throw new Error('no passkey on this authenticator');
    credential.counter += 1;
    const authData = this.header(options.rpId ?? new URL(origin).hostname, UP | UV, credential.counter);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private header(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }
}
