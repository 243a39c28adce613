import type { DevicesResponse, LinkCodeResponse, PasskeysResponse, SignedInResponse } from '@scorpion/protocol';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';
import { ApiFailure, api } from './api.ts';

/*
 * A player's devices, passkeys and link codes (REST). The WebAuthn ceremonies run in the browser
 * through @simplewebauthn/browser; the server checks what they return.
 */

export const listDevices = () => api<DevicesResponse>('/api/devices');

export const signOutDevice = (id: string) =>
  api<DevicesResponse>(`/api/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const makeLinkCode = () => api<LinkCodeResponse>('/api/link-codes', { method: 'POST' });

export const redeemLinkCode = (code: string) => api<SignedInResponse>('/api/link', { method: 'POST', body: { code } });

export const listPasskeys = () => api<PasskeysResponse>('/api/passkeys');

export const removePasskey = (id: string) =>
  api<PasskeysResponse>(`/api/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Makes a passkey on this device (the browser asks the player) and stores it with the server. */
export async function addPasskey(): Promise<PasskeysResponse> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON });
  return api<PasskeysResponse>('/api/passkeys', { method: 'POST', body: { response } });
}

/** Signs this device in with any passkey of this site the browser holds (it asks which). */
export async function signInWithPasskey(): Promise<SignedInResponse> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/passkeys/sign-in/options', {
    method: 'POST',
  });
  const response = await startAuthentication({ optionsJSON });
  return api<SignedInResponse>('/api/passkeys/sign-in', { method: 'POST', body: { response } });
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * What to tell the player when a sign-in step fails: the server's refusal by its code; a ceremony
 * that ended without a passkey (cancelled, or none is here); any other browser failure.
 */
export async function deviceProblem(error: unknown): Promise<string> {
  if (error instanceof ApiFailure) return failureWords(error, m.devices_unreachable());
  if (error instanceof Error && error.name === 'NotAllowedError') return m.devices_no_passkey_used();
  return m.devices_passkey_failed();
}
