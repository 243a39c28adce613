/**
 * What asking for an undo or a redo did, so the words said back are true: `done` (made, or sent
 * to the server), `nothing` (no move to take back or play again), `busy` (a move is still on its
 * way to the server; its ack comes first), `offline` (the socket is down; nothing was sent).
 */
export type Asked = 'done' | 'nothing' | 'busy' | 'offline';
