import { z } from 'zod';
import { Player } from './server.ts';

/*
 * A player's devices, passkeys and link codes (REST). The WebAuthn ceremonies' options and
 * responses are the W3C JSON forms (`PublicKeyCredentialCreationOptionsJSON` and the like) as
 * @simplewebauthn/browser reads and writes them; they are checked here only in outline, the
 * server's WebAuthn library checks them whole.
 */

/** One signed-in device; `current` is the one asking. */
export const Device = z.strictObject({
  /** The device's id. */
  id: z.string(),
  /** A name for it, from its browser and system. */
  label: z.string(),
  /** When it was signed in (server clock, ms since the epoch). */
  createdAt: z.int(),
  /** When it was last used (server clock, ms since the epoch). */
  lastSeenAt: z.int(),
  /** It is the device asking. */
  current: z.boolean(),
});
export type Device = z.infer<typeof Device>;

/** `GET /api/devices` */
export const DevicesResponse = z.strictObject({
  /** The player's signed-in devices. */
  devices: z.array(Device),
});
export type DevicesResponse = z.infer<typeof DevicesResponse>;

/** A link code as shown: 8 letters and digits in two groups (`K7QM-2XPD`), good for 10 minutes. */
export const LinkCodeResponse = z.strictObject({ code: z.string(), expiresAt: z.int() });
export type LinkCodeResponse = z.infer<typeof LinkCodeResponse>;

/** `POST /api/link` (body): a code shown on a signed-in device; case, spaces and dashes do not matter. */
export const LinkBody = z.strictObject({
  /** The code, as typed. */
  code: z.string().max(40),
});
export type LinkBody = z.infer<typeof LinkBody>;

/** `POST /api/link`, `POST /api/passkeys/sign-in` → 200: the player this device is now signed in as. */
export const SignedInResponse = z.strictObject({
  /** The player this device is now signed in as. */
  player: Player,
});
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** One of the player's passkeys. */
export const Passkey = z.strictObject({
  /** The passkey's id: `DELETE /api/passkeys/:id` removes it. */
  id: z.string(),
  /** A name for it. */
  label: z.string(),
  /** When it was added (server clock, ms since the epoch). */
  createdAt: z.int(),
  /** When it last signed in; null if never. */
  lastUsedAt: z.int().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** `GET /api/passkeys`, and after adding or removing one. */
export const PasskeysResponse = z.strictObject({
  /** The player's passkeys. */
  passkeys: z.array(Passkey),
});
export type PasskeysResponse = z.infer<typeof PasskeysResponse>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/** The options for `navigator.credentials.create()` / `.get()` (`startRegistration` / `startAuthentication`). */
export const WebAuthnOptions = z.looseObject({
  /** The server's one-time challenge, which the authenticator signs. */
  challenge: base64url,
});
export type WebAuthnOptions = z.infer<typeof WebAuthnOptions>;

/** `POST /api/passkeys` (body): what `startRegistration` returned. */
export const PasskeyRegistrationBody = z.strictObject({
  response: z.looseObject({
    /** The credential's id. */
    id: base64url,
    rawId: base64url,
    /** Always `public-key`. */
    type: z.literal('public-key'),
    /** The authenticator's answer. */
    response: z.looseObject({
      clientDataJSON: base64url,
      attestationObject: base64url,
    }),
    clientExtensionResults: z.looseObject({}),
  }),
});
export type PasskeyRegistrationBody = z.infer<typeof PasskeyRegistrationBody>;

/** `POST /api/passkeys/sign-in` (body): what `startAuthentication` returned. */
export const PasskeySignInBody = z.strictObject({
  response: z.looseObject({
    /** The credential's id. */
    id: base64url,
    rawId: base64url,
    /** Always `public-key`. */
    type: z.literal('public-key'),
    /** The authenticator's answer. */
    response: z.looseObject({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
    }),
    clientExtensionResults: z.looseObject({}),
  }),
});
export type PasskeySignInBody = z.infer<typeof PasskeySignInBody>;
