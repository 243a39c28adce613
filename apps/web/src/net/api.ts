import type { ApiError } from '@scorpion/protocol';

/** A refusal from the REST API, carrying the protocol's error code. */
export class ApiFailure extends Error {
  readonly code: ApiError['error'] | 'network';
  constructor(code: ApiError['error'] | 'network', message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * JSON over fetch, same origin (the identity cookie rides along). The server validates every
 * payload with the protocol's schemas; the client trusts its own server's answers and imports
 * only the protocol's types, which keeps zod out of the initial bundle.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiFailure('network', 'The server cannot be reached.');
  }
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const error = data as Partial<ApiError> | undefined;
    throw new ApiFailure(error?.error ?? 'internal', error?.message ?? `HTTP ${response.status}`);
  }
  return data as T;
}
