import { randomBytes } from 'node:crypto';
import type { SettingsRepo } from '../repo/types.ts';

/**
 * The server secret signs cookies and seeds the daily deals. Given by the environment, or made
 * on first start and kept in the database, so restarts keep cookies and daily deals valid.
 */
export async function serverSecret(settings: SettingsRepo, given: string | undefined): Promise<string> {
  if (given) return given;
  return settings.setIfAbsent('server-secret', randomBytes(32).toString('hex'));
}
