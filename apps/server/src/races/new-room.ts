import type { Clock } from '../clock.ts';
import type { RoomRow, RoomsRepo } from '../repo/types.ts';
import type { RoomSpec } from './answers.ts';
import { newRoomCode } from './codes.ts';

/**
 * Stores a new room of `spec` hosted by `hostId` under a fresh code. A code is short enough to
 * be typed off a phone, so one drawn may be taken already: another is drawn until one is free.
 */
export async function storeNewRoom(
  rooms: Pick<RoomsRepo, 'create'>,
  hostId: string,
  spec: RoomSpec,
  now: Clock,
): Promise<RoomRow> {
  for (;;) {
    const row: RoomRow = { code: newRoomCode(), hostId, ...spec, createdAt: now() };
    if ((await rooms.create(row)) !== 'taken') return row;
  }
}
