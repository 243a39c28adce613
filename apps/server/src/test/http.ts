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

/** A device cookie (`name=value`), as a browser gets on its first call to the API. */
export async function deviceCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/me`);
  const set = response.headers.getSetCookie().find((c) => c.startsWith('scorpion_device='));
  if (!set) throw new Error('the server set no device cookie');
  return set.split(';')[0]!;
}
