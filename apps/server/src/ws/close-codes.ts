/** The largest frame a socket takes; ws closes the socket on a larger one. */
export const MAX_FRAME_BYTES = 4096;

/** The close code for a socket over the player's cap (4000–4999 are the application's own). */
export const TOO_MANY_SOCKETS = 4008;

/**
 * Cluster mode: the room this socket is for (`/ws?room=CODE`) is owned by another process, whose
 * node id is the close reason; the client reconnects with `?room=CODE&node=ID` (docs/operations.md).
 */
export const NOT_OWNER = 4009;
