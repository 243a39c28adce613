/** The socket edge's settings (`buildApp`'s `rateLimit`, the heartbeat and the allowed origins). */
export interface EdgeOptions {
  readonly allowedOrigins: readonly string[];
  readonly heartbeatMs: number;
  /** One budget per player, over all their sockets. */
  readonly ratePerSecond: number;
  readonly rateBurst: number;
  readonly socketsPerPlayer: number;
  /** The budget's refill clock in ms: the wall clock, not the game clock, as limits are about load. */
  readonly rateClock: () => number;
  /**
   * Visitors' sockets (`?watch=1`, no name) one network address may have open at once; early
   * sockets (`?early=1`, not bound to a player yet) are counted apart, to the same number.
   */
  readonly watchersPerAddress: number;
}
