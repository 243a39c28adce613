import { z } from 'zod';

/** A player as others see them. Its own module, so that the frames of every feature can name it. */
export const Player = z.strictObject({ id: z.string(), nickname: z.string() });
export type Player = z.infer<typeof Player>;
