import type { z } from 'zod';

/** GET a JSON endpoint and check the body against its protocol schema (or `ApiError`). */
export async function getJson<S extends z.ZodType>(
  url: string,
  schema: S,
  cookie?: string,
): Promise<{ status: number; body: z.output<S> }> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: schema.parse(await response.json()) };
}

/**
 * A caller of a server's JSON API as one player (`cookie`), or as nobody: each answer is parsed
 * with its protocol schema (strict schemas: an answer carrying anything more fails to parse), and
 * its text kept for what no schema says (a solution absent from it).
 */
export const jsonCaller =
  (server: { url: string }, cookie?: string) =>
  async <S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: schema.parse(JSON.parse(text)) as z.output<S> };
  };

/** A device cookie (`name=value`), as a browser gets on its first call to the API. */
export async function deviceCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/me`);
  const set = response.headers.getSetCookie().find((c) => c.startsWith('scorpion_device='));
  if (!set) throw new Error('the server set no device cookie');
  return set.split(';')[0]!;
}
