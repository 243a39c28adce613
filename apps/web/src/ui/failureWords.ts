import { ApiFailure } from '../net/api.ts';

/**
 * A failure in the player's words, as lib/i18n/failure.ts says it (by the server's error code, or as
 * `unreachable` with no answer), for every page but the daily: shared by many pages, that module
 * would become a request of its own on the daily's first visit, where it now sits inside the page.
 */
export async function failureWords(error: unknown, unreachable: string): Promise<string> {
  const code = error instanceof ApiFailure ? error.code : (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code === 'network') return unreachable;
  const { errorText } = await import('../lib/i18n/errors.ts');
  return errorText(code);
}
