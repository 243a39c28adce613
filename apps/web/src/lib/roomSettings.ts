import type { RoomState } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import { m } from '../paraglide/messages.js';

/**
 * A room's rules in one line for the lobby: `Rated · best of 3 · Scorpion · foundations · 10 minutes ·
 * 30 s to finish after a solve · winnable deals only`. Whether its races are rated comes first: everyone sees it before a race.
 */
export function roomSettings(
  room: Pick<RoomState, 'variant' | 'options' | 'timeLimit' | 'finishWindow' | 'winnableOnly' | 'rated' | 'bestOf'>,
): string {
  return [
    room.rated && m.race_setting_rated(),
    room.bestOf > 1 && m.race_setting_best_of({ count: room.bestOf }),
    VARIANTS[room.variant].name,
    room.options.foundations && m.race_setting_foundations(),
    room.options.open && m.race_setting_open(),
    room.timeLimit === 0 ? m.race_setting_no_limit() : m.race_setting_minutes({ count: room.timeLimit }),
    room.finishWindow === 0 ? m.race_setting_waits() : m.race_setting_window({ seconds: room.finishWindow }),
    room.winnableOnly && m.race_setting_winnable(),
  ]
    .filter(Boolean)
    .join(' · ');
}
