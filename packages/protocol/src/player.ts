import { z } from 'zod';

/** A player as others see them. Its own module, so that the frames of every feature can name it. */
export const Player = z.strictObject({
  /** The player's id: stable for good, whatever their nickname. */
  id: z.string(),
  /** Their nickname as shown now (they may change it). */
  nickname: z.string(),
});
export type Player = z.infer<typeof Player>;
