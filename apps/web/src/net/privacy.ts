import { api } from './api.ts';

/** The player's open-data setting (`/api/me/privacy`; its schema is `PRIVACY_SCHEMAS` in the server's route). */
export interface Privacy {
  /** The monthly open-data export names the player `anonymous-N`, not by their nickname. */
  readonly hiddenFromExports: boolean;
}

export const readPrivacy = () => api<Privacy>('/api/me/privacy');

export const savePrivacy = (privacy: Privacy) => api<Privacy>('/api/me/privacy', { method: 'PUT', body: privacy });
