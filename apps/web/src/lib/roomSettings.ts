import type { RoomState } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';

/**
 * A room's rules in one line for the lobby: `Rated · best of 3 · Scorpion · foundations · 10 minutes ·
 * 30 s to finish after a solve · winnable deals only`. Whether its races are rated comes first: everyone sees it before a race.
 */
export function roomSettings(
  room: Pick<RoomState, 'variant' | 'options' | 'timeLimit' | 'finishWindow' | 'winnableOnly' | 'rated' | 'bestOf'>,
): string {
  return [
    room.rated && 'Rated',
    room.bestOf > 1 && `best of ${room.bestOf}`,
    VARIANTS[room.variant].name,
    room.options.foundations && 'foundations',
    room.options.open && 'all face up',
    room.timeLimit === 0 ? 'no time limit' : `${room.timeLimit} minutes`,
    room.finishWindow === 0 ? 'waits for every racer' : `${room.finishWindow} s to finish after a solve`,
    room.winnableOnly && 'winnable deals only',
  ]
    .filter(Boolean)
    .join(' · ');
}
