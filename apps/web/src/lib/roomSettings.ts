import type { RoomState } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';

/** A room's rules in one line for the lobby: `Scorpion · foundations · 10 minutes · winnable deals only`. */
export function roomSettings(room: Pick<RoomState, 'variant' | 'options' | 'timeLimit' | 'winnableOnly'>): string {
  return [
    VARIANTS[room.variant].name,
    room.options.foundations && 'foundations',
    room.options.open && 'all face up',
    room.timeLimit === 0 ? 'no time limit' : `${room.timeLimit} minutes`,
    room.winnableOnly && 'winnable deals only',
  ]
    .filter(Boolean)
    .join(' · ');
}
