import type { RaceStanding, ServerMessage } from '@scorpion/protocol';

/**
 * Everyone's progress in room `code`'s race, from whichever frame brings it: a `race-progress`
 * frame, or the ack of one's own action, which carries it instead (a racer who keeps moving
 * gets no frame of it). Undefined for any other frame.
 */
export function raceProgressFrom(message: ServerMessage, code: string): Omit<RaceStanding, 'code'> | undefined {
  const standing = message.type === 'race-progress' ? message : message.type === 'ack' ? message.race : null;
  if (standing?.code !== code) return undefined;
  return { raceId: standing.raceId, racers: standing.racers };
}
