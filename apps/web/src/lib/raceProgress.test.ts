import type { RacerProgress, ServerMessage } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import { raceProgressFrom } from './raceProgress.ts';

const racers: RacerProgress[] = [
  {
    playerId: 'p1',
    nickname: 'Ann',
    progress: 3,
    faceDown: 10,
    moves: 4,
    state: 'playing',
    timeMs: null,
    connected: true,
  },
];
const update = {
  status: 'playing',
  stuck: false,
  canUndo: true,
  canRedo: false,
  moves: 4,
  undos: 0,
  progress: 3,
  faceDown: 10,
  elapsedMs: 1000,
  serverTime: 0,
} as const;
const ack = (race: { code: string; raceId: string; racers: RacerProgress[] } | null): ServerMessage => ({
  type: 'ack',
  gameId: 'g1',
  seq: 4,
  duplicate: false,
  events: [],
  update,
  game: null,
  race,
});

describe("the race panel's progress", () => {
  it('comes from a race-progress frame of this room', () => {
    const frame: ServerMessage = { type: 'race-progress', code: 'ABCDEF', raceId: 'r1', racers };
    expect(raceProgressFrom(frame, 'ABCDEF')).toEqual({ raceId: 'r1', racers });
    expect(raceProgressFrom(frame, 'GHJKLM')).toBeUndefined();
  });

  it("comes from the ack of one's own action, which carries it instead of a frame", () => {
    expect(raceProgressFrom(ack({ code: 'ABCDEF', raceId: 'r1', racers }), 'ABCDEF')).toEqual({ raceId: 'r1', racers });
    expect(raceProgressFrom(ack({ code: 'ABCDEF', raceId: 'r1', racers }), 'GHJKLM')).toBeUndefined();
  });

  it('is not in an ack outside a race, nor in other frames', () => {
    expect(raceProgressFrom(ack(null), 'ABCDEF')).toBeUndefined();
    expect(raceProgressFrom({ type: 'pong', id: 1, serverTime: 0 }, 'ABCDEF')).toBeUndefined();
  });
});
