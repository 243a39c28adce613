import type { RacerProgress } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import { endedByText, finishedTitle, named, stillPlaying, waitingText } from './raceFinished.ts';

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
