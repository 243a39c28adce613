import { ApiError } from '@scorpion/protocol';
import { COOKIE } from '../identity/cookie.ts';

/**
 * One device in a test: a cookie jar (the identity, and the device cookie the daily's scouting
 * check sets), a user agent and the page origin its browser would send. Every request goes over
 * real HTTP; a refusal must be exactly an `ApiError`.
 */
export class TestDevice {
  /** Every cookie the server set and has not cleared, by name, as `name=value`. */
  private readonly jar = new Map<string, string>();
  private readonly url: string;
  private readonly headers: Record<string, string>;

  constructor(url: string, o: { cookie?: string; origin?: string; userAgent?: string } = {}) {
    this.url = url;
    if (o.cookie) this.cookie = o.cookie;
    this.headers = {
      ...(o.origin ? { origin: o.origin } : {}),
      ...(o.userAgent ? { 'user-agent': o.userAgent } : {}),
    };
  }

  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answers it expects; refusals are parsed as ApiError.
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...(this.jar.size > 0 ? { cookie: [...this.jar.values()].join('; ') } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      // A cleared cookie comes back empty: the jar forgets it, as a browser does.
      if (pair.endsWith('=')) this.jar.delete(name);
      else this.jar.set(name, pair);
    }
    const json = (await response.json()) as unknown;
    return { status: response.status, body: response.status >= 400 ? ApiError.parse(json) : json };
  }

  /** The identity cookie (`scorpion_id=…`), what a socket of this device is opened with. */
  get cookie(): string | undefined {
    return this.jar.get(COOKIE);
  }

  set cookie(pair: string | undefined) {
    if (pair) this.jar.set(pair.slice(0, pair.indexOf('=')), pair);
    else this.jar.delete(COOKIE);
  }

  async me(): Promise<{ id: string; nickname: string } | null> {
    return (await this.call('GET', '/api/me')).body.player;
  }
}
