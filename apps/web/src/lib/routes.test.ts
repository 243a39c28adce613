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
    expect(matchRoute('/daily/2026-11-21')).toEqual({ page: 'daily-past', date: '2026-11-21' });
    expect(matchRoute('/devices')).toEqual({ page: 'devices' });
    expect(matchRoute('/link')).toEqual({ page: 'link' });
    expect(matchRoute('/p/Racer%20Ann')).toEqual({ page: 'profile', nickname: 'Racer Ann' });
    expect(matchRoute('/mod')).toEqual({ page: 'mod' });
    expect(matchRoute('/p/%E0%A4%A')).toEqual({ page: 'not-found' });
    // A challenge code keeps its case: it is random, not typed.
    expect(matchRoute('/c/aB3_x-Yz9Qw0')).toEqual({ page: 'challenge', code: 'aB3_x-Yz9Qw0' });
    expect(matchRoute('/c/short')).toEqual({ page: 'not-found' });
    expect(matchRoute('/win-rates')).toEqual({ page: 'win-rates' });
    expect(matchRoute('/puzzles')).toEqual({ page: 'puzzles' });
    expect(matchRoute('/puzzles/rush')).toEqual({ page: 'puzzle-rush' });
    expect(matchRoute('/puzzles/race/ab2cd3')).toEqual({ page: 'puzzle-race', code: 'AB2CD3' });
    expect(matchRoute('/puzzles/race/AB0CD3')).toEqual({ page: 'not-found' });
    expect(matchRoute('/quick')).toEqual({ page: 'quick' });
    expect(matchRoute('/arenas')).toEqual({ page: 'arenas' });
    expect(matchRoute('/a/h-2026-12-06T13')).toEqual({ page: 'arena', id: 'h-2026-12-06T13' });
    expect(matchRoute('/a/p-AbCdEf_-1234')).toEqual({ page: 'arena', id: 'p-AbCdEf_-1234' });
    expect(matchRoute('/a/x-2026-12-06')).toEqual({ page: 'not-found' });
    expect(matchRoute('/r/')).toEqual({ page: 'not-found' });
    expect(matchRoute('/nope')).toEqual({ page: 'not-found' });
  });
});
