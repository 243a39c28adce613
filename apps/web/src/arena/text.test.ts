import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, getLocale, overwriteGetLocale } from '../paraglide/runtime.js';
import { dealText, kindText, outcomeText, placeText, refusalText, streakText, whenText } from './text.ts';

const english = getLocale;
afterEach(() => overwriteGetLocale(english));

describe('arena words', () => {
  it('says English exactly as the pages did', () => {
    expect(getLocale()).toBe(baseLocale);
    expect(kindText('weekly')).toBe('Weekly');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(placeText).join(' ')).toBe(
      '1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st',
    );
    expect(streakText({ streak: 0, fire: false })).toBe('no streak');
    expect(streakText({ streak: 1, fire: false })).toBe('1 win in a row');
    expect(streakText({ streak: 3, fire: true })).toBe('on fire, 3 wins in a row');
    expect(dealText({ deal: 0, playing: false })).toBe('no deal yet');
    expect(dealText({ deal: 3, playing: true })).toBe('deal 3, playing');
    expect(whenText({ startsAt: 1000 + 65_000, endsAt: 1_000_000 }, 1000)).toBe('starts in 1:05');
    expect(outcomeText('timed-out')).toBe('time ran out');
  });

  it('says the arena codes in our words, and any other code in the server’s', () => {
    expect(refusalText('arena-finished', 'x')).toBe('This arena has ended: its table is final.');
    expect(refusalText('some-new-code', 'The server’s own words.')).toBe('The server’s own words.');
  });

  it('speaks the language of the page when it is read, not when the module loaded', () => {
    overwriteGetLocale(() => 'de');
    expect(kindText('weekly')).toBe('Wöchentlich');
    expect(placeText(2)).toBe('2.');
    expect(streakText({ streak: 1, fire: false })).toBe('1 Sieg in Folge');
    expect(refusalText('arena-finished', 'x')).toBe('Diese Arena ist beendet: Ihre Tabelle steht fest.');
    overwriteGetLocale(() => 'fr');
    expect([1, 2].map(placeText)).toEqual(['1er', '2e']);
  });
});
