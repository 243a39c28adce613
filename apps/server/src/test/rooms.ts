import type { BestOf, FinishWindow, RoomState, TimeLimit } from '@scorpion/protocol';
import { signUp, TestClient } from './client.ts';
import type { RunningServer } from './helper.ts';

/** A signed-up player and their socket; a test that reconnects them puts the new one here. */
export interface Player {
  readonly id: string;
  readonly cookie: string;
  client: Awaited<ReturnType<typeof TestClient.connect>>;
}

/** Signs up one player per nickname and connects each. */
export async function players(server: RunningServer, ...nicknames: string[]): Promise<Player[]> {
  return Promise.all(
    nicknames.map(async (nickname) => {
      const { id, cookie } = await signUp(server.url, nickname);
      return { id, cookie, client: await TestClient.connect(server.wsUrl, cookie) };
    }),
  );
}

/**
 * The host creates a plain Scorpion room (rated, or best of 3 or 5, if asked) whose races wait
 * for every racer unless a finish window is asked for; returns its code.
 */
export async function openRoom(
  host: TestClient,
  timeLimit: TimeLimit = 0,
  settings: { rated?: boolean; bestOf?: BestOf; finishWindow?: FinishWindow } = {},
): Promise<string> {
  host.send({
    type: 'room-create',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    timeLimit,
    winnableOnly: false,
    finishWindow: 0,
    ...settings,
  });
  // A new room: the host alone, nothing raced (the frames of other rooms may be queued first).
  const created = (f: { room: RoomState }) =>
    f.room.members.length === 1 && f.room.race === null && !f.room.lastResults;
  return (await host.next('room', created)).room.code;
}

/** Joins the room and returns it as the joiner first sees it. */
export async function joinRoom(client: TestClient, code: string): Promise<RoomState> {
  client.send({ type: 'room-join', code });
  return (await client.next('room', (f) => f.room.code === code)).room;
}

/** Waits until `client` sees the room in a state `where` accepts (room frames are pushed on every change). */
export async function roomWhere(client: TestClient, where: (room: RoomState) => boolean): Promise<RoomState> {
  return (await client.next('room', (f) => where(f.room))).room;
}

export const nicknamesOf = (room: RoomState) => room.members.map((m) => m.nickname);
