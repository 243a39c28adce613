/**
 * The protocol's version, sent in `welcome`. A change that an older client would misread bumps
 * it (2: a move's `ack` no longer carries the whole game; 3: a room's `finishWindow`, its race's
 * `solvedAt`), and a page built for another version
 * reloads itself to fetch the app that speaks this one (after a deploy, say).
 */
export const PROTOCOL_VERSION = 3;
