import type { RacerProgress } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import {
  closingText,
  endedByText,
  finishedTitle,
  named,
  provisionalStandings,
  secondsLeft,
  stillPlaying,
  waitingText,
} from './raceFinished.ts';

const racer = (playerId: string, nickname: string, state: RacerProgress['state']): RacerProgress => ({
  playerId,
  nickname,
  state,
  progress: 0,
  faceDown: 0,
  moves: 0,
  timeMs: null,
  connected: true,
});

describe('a finished racer waiting for the others', () => {
  it('is told how their own game ended', () => {
    expect(finishedTitle('won', 86_000)).toBe('You solved it in 1:26!');
    expect(finishedTitle('gave-up', 86_000)).toBe('You gave up');
    expect(finishedTitle('timed-out', 600_000)).toBe('Out of time');
  });

  it('names the one racer still playing, or counts them, and says what ends the race', () => {
    const field = [racer('me', 'Me', 'won'), racer('b', 'Bea', 'playing'), racer('c', 'Cy', 'gave-up')];
    expect(waitingText(field, 'me', false)).toBe(
      'Waiting for Bea: the results show when everyone has finished or given up. Leaving the room keeps your result.',
    );
    const two = [...field, racer('d', 'Dee', 'playing')];
    expect(waitingText(two, 'me', true)).toBe(
      'Waiting for 2 racers: the results show when everyone has finished or the time runs out. Leaving the room keeps your result.',
    );
    expect(waitingText([racer('me', 'Me', 'won'), racer('b', 'Bea', 'won')], 'me', false)).toBe(
      'The results are on their way.',
    );
  });
});

describe('a race its host ended while some still played', () => {
  const members = [
    { id: 'me', nickname: 'Me' },
    { id: 'h', nickname: 'Hana' },
  ];
  it('says who ended it, the reader first', () => {
    expect(endedByText('h', 'me', members)).toBe(
      'Hana ended the race: whoever was still playing is ranked by how far they got.',
    );
    expect(endedByText('me', 'me', members)).toMatch(/^You ended the race/);
    expect(endedByText('gone', 'me', members)).toMatch(/^The host ended the race/);
  });

  it('is ended for the others still playing, named when one', () => {
    const field = [racer('me', 'Me', 'gave-up'), racer('b', 'Bea', 'playing'), racer('c', 'Cy', 'won')];
    expect(stillPlaying(field, 'me').map((r) => r.playerId)).toEqual(['b']);
    expect(named(stillPlaying(field, 'me'))).toBe('Bea');
    expect(named([...field, racer('d', 'Dee', 'playing')].filter((r) => r.state === 'playing'))).toBe('2 racers');
  });
});

describe('a race someone has solved while others play on', () => {
  it('tells those still playing who solved it and the whole seconds left', () => {
    const field = [racer('h', 'Hana', 'won'), racer('me', 'Me', 'playing')];
    expect(closingText(field, 'me', secondsLeft(30_000, 1_500))).toBe('Hana solved it: 29 s left to finish.');
    expect(secondsLeft(30_000, 31_000)).toBe(0);
  });

  it('ranks the standings as the results will be: solvers by time, then by cards built, shared places alike', () => {
    const field: RacerProgress[] = [
      { ...racer('a', 'Ann', 'playing'), progress: 10 },
      { ...racer('b', 'Bea', 'won'), progress: 52, timeMs: 90_000 },
      { ...racer('c', 'Cy', 'gave-up'), progress: 10 },
      { ...racer('d', 'Dee', 'won'), progress: 52, timeMs: 80_000 },
    ];
    expect(provisionalStandings(field).map(({ rank, racer }) => [rank, racer.nickname])).toEqual([
      [1, 'Dee'],
      [2, 'Bea'],
      [3, 'Ann'],
      [3, 'Cy'],
    ]);
  });
});
