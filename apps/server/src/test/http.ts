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
