import { ApiFailure } from '../../net/api.ts';

/**
 * A failure in the player's words: an answer of the server's by its code, anything else (no
 * answer at all) as `unreachable` says. The sixty errors' words are a chunk of their own, fetched
 * only when one is shown, so that no page's first visit carries them.
 */
export async function failureText(error: unknown, unreachable: string): Promise<string> {
  const code = error instanceof ApiFailure ? error.code : (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code === 'network') return unreachable;
  const { errorText } = await import('./errors.ts');
  return errorText(code);
}
