import { ApiError } from '@scorpion/protocol';

/**
 * One device in a test: a cookie jar of one cookie (the identity), a user agent and the page
 * origin its browser would send. Every request goes over real HTTP; a refusal must be exactly an
 * `ApiError`.
 */
export class TestDevice {
  cookie: string | undefined;
  private readonly url: string;
  private readonly headers: Record<string, string>;

  constructor(url: string, o: { cookie?: string; origin?: string; userAgent?: string } = {}) {
    this.url = url;
    this.cookie = o.cookie;
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
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0]!;
      // A cleared cookie comes back empty: the jar forgets it, as a browser does.
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const json = (await response.json()) as unknown;
    return { status: response.status, body: response.status >= 400 ? ApiError.parse(json) : json };
  }

  async me(): Promise<{ id: string; nickname: string } | null> {
    return (await this.call('GET', '/api/me')).body.player;
  }
}
