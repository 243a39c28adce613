import { z } from 'zod';

/** `RequestId`'s pattern, also read by the hand-written check of a game's frames (client-fast.ts). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A request id the client chooses for a message and the server echoes on every frame it sends in
 * answer to that message (the ack, the game, the room, the error), so a page pairs an answer with
 * its request by id instead of by the message's type. Optional: a client may omit it (older ones
 * do), and then the answers carry none. Frames pushed without a request (another racer's progress,
 * a room's change) never carry one.
 */
export const RequestId = z.string().regex(REQUEST_ID_PATTERN);
export type RequestId = z.infer<typeof RequestId>;

/** A message's schema, or a server frame's that can answer one: its own fields, then the optional `rid`. */
export function withRequestId<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject({ ...shape, rid: RequestId.optional() });
}
