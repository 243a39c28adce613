import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.ts';

describe('routes', () => {
  it('maps paths to pages', () => {
    expect(matchRoute('/')).toEqual({ page: 'home' });
    expect(matchRoute('/daily/')).toEqual({ page: 'daily' });
    expect(matchRoute('/r/abc234')).toEqual({ page: 'race', code: 'ABC234' });
    expect(matchRoute('/replay/g_12')).toEqual({ page: 'replay', gameId: 'g_12' });
    expect(matchRoute('/replay/')).toEqual({ page: 'replay-record' });
    expect(matchRoute('/solution/2026-11-21')).toEqual({ page: 'solution', date: '2026-11-21' });
    expect(matchRoute('/win-rates')).toEqual({ page: 'win-rates' });
    expect(matchRoute('/r/')).toEqual({ page: 'not-found' });
    expect(matchRoute('/nope')).toEqual({ page: 'not-found' });
  });
});
