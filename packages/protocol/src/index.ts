/**
 * The wire protocol of Scorpion Race: zod schemas for every WebSocket frame and REST payload,
 * with the TypeScript types inferred from them. Server and web app both import this package,
 * so a change here is a change to both. `docs/protocol.md` is generated from these schemas
 * (`pnpm --filter @scorpion/protocol run docs`) and a test fails when it is out of date.
 *
 * The flow:
 * 1. Identity over HTTP: `GET /api/me`; if `player` is null, `POST /api/players {nickname}` sets
 *    the signed httpOnly cookie (`POST /api/players {}`: a guest under a neutral name, as the
 *    daily's Start makes one, `isGuestNickname`). `PATCH /api/me {nickname}` renames.
 * 2. Open one WebSocket per tab at `/ws` (same origin, the cookie rides along). Text frames of
 *    JSON only, at most 4 KiB, at most ~20 a second. The server greets with `welcome`: the
 *    player, the server clock, and the unfinished games and rooms to resume.
 * 3. Start or resume a game: `daily-join` (today's deal; the first attempt is ranked),
 *    `practice-start {variant, options, seed?}`, `game-resume {gameId}`. The answer is `game`:
 *    a `GameSnapshot` whose `view` never holds a hidden card (those are `null`).
 * 4. Play: `move {gameId, expect, move}`, `undo`/`redo {gameId, expect}`, `give-up {gameId}`.
 *    `expect` is the snapshot's `seq`. The answer is `ack` (after the action is stored): what
 *    the move turned over (`events`) and the rest of what changed (`update`), from which the
 *    client works out the new board with the shared rules (`advanceSnapshot`); after an undo or
 *    a redo the board is one it was shown before (`SnapshotLine`); after a duplicate or the
 *    game's end the ack also holds the whole game (`game`). Resending
 *    an applied action gets an `ack` again, with `duplicate: true` and the whole game; any
 *    other wrong `expect` gets `error` `stale` with the current game.
 * 5. Races: `room-create` → `room` (code, link `/r/CODE`); friends `room-join {code}`; the host
 *    `room-start {code}` → `room` with status `countdown` and `race.startsAt` (3 s later on the
 *    server clock) and a `game` for each racer; moves are refused with `not-started` until then.
 *    Everyone's progress (progress, face-down left, moves, state — never cards) reaches every
 *    member as `race-progress` at most twice a second while anyone moves; a racer gets it with
 *    each of their own acks (`race`) instead, and a frame only when none came for 500 ms.
 *    `race-over` gives the ranking and the now public seed. `room-start` again is the rematch.
 *    A race without a time limit ends when everyone has finished, or when its host, done with
 *    their own game, sends `room-end {code}` once nobody still playing has moved for a minute.
 * 5b. Watching: a member of the room who is not racing (a late friend, a racer whose game is
 *    over) sends `race-watch {code, playerId}` and gets that racer's board as `race-board`, 5 s
 *    behind on the server's clock; a racer still playing never gets one.
 * 5c. "Beat my time": `POST /api/challenges {gameId}` turns a finished, public game into a link
 *    `/c/CODE`; `challenge-start {code}` plays its deal (kind `challenge`) and `ghost` frames
 *    bring the original's progress on the server's clock, never its cards.
 * 5d. Quick race ("Race someone now"): `queue-join {variant, options}` → `queue` (waiting, with
 *    the counts waiting and online, repeated every 2 s); the server pairs players of similar
 *    rating and sends `queue-matched {code}`: the room `/r/CODE` of a rated race already counting
 *    down, joined with `room-join` as any room. After 30 s alone, `queue-ghost-offer` (a recorded
 *    game, unrated); `queue-ghost {accept}` → `queue-ghost-ready {code}`, a challenge link to play.
 *    `queue-leave` → `queue` left. A second tab's join replaces the first (`reason: replaced`).
 * 6. Errors: `error {code, message, ref, gameId, reason, game}`; see `ErrorCode`. Bad frames are
 *    answered, not fatal; oversized (1009), binary (1003), floods and foreign origins (1008) close.
 * 7. Reconnect: open a new socket; `welcome` lists what to resume; `game-resume` and `room-join`
 *    bring everything back. A dropped racer keeps their game and clock.
 */
export * from './advance.ts';
export * from './arena.ts';
export * from './cards.ts';
export * from './client.ts';
export * from './client-fast.ts';
export * from './close-codes.ts';
export * from './daily-dates.ts';
export * from './devices.ts';
export * from './errors.ts';
export * from './finish-order.ts';
export * from './game.ts';
export * from './guest.ts';
export * from './histogram.ts';
export * from './moderation.ts';
export * from './report-reasons.ts';
export * from './request-id.ts';
export * from './rest.ts';
export * from './room-code.ts';
export * from './server.ts';
export * from './version.ts';
export * from './view.ts';
export * from './win-rates.ts';
export * from './wire.ts';
