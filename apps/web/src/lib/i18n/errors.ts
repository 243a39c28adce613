import type { ErrorCode } from '@scorpion/protocol';
import { m } from '../../paraglide/messages.js';

/**
 * What the player reads for each of the server's error codes, in their language. The server's
 * own `message` is English for logs and API users; the app never shows it. `network` is the
 * client's own: the server could not be reached.
 */
const TEXT: Record<ErrorCode | 'network', () => string> = {
  'bad-message': m.error_bad_message,
  'illegal-move': m.error_illegal_move,
  stale: m.error_stale,
  'not-your-game': m.error_not_your_game,
  'no-such-game': m.error_no_such_game,
  'game-over': m.error_game_over,
  'not-started': m.error_not_started,
  'nothing-to-undo': m.error_nothing_to_undo,
  'nothing-to-redo': m.error_nothing_to_redo,
  'rate-limited': m.error_rate_limited,
  'no-such-room': m.error_no_such_room,
  'room-full': m.error_room_full,
  'not-host': m.error_not_host,
  'not-in-room': m.error_not_in_room,
  'race-running': m.error_race_running,
  'too-few-players': m.error_too_few_players,
  unauthorized: m.error_unauthorized,
  'nickname-invalid': m.error_nickname_invalid,
  'nickname-taken': m.error_nickname_taken,
  'not-public': m.error_not_public,
  'game-not-over': m.error_game_not_over,
  'nothing-to-beat': m.error_nothing_to_beat,
  'no-such-challenge': m.error_no_such_challenge,
  'hints-used': m.error_hints_used,
  'no-hints': m.error_no_hints,
  'challenge-not-finished': m.error_challenge_not_finished,
  'no-race': m.error_no_race,
  'not-racing': m.error_not_racing,
  'still-racing': m.error_still_racing,
  'timed-race': m.error_timed_race,
  'racers-moving': m.error_racers_moving,
  'not-found': m.error_not_found,
  'not-queued': m.error_not_queued,
  'link-code-invalid': m.error_link_code_invalid,
  'passkey-invalid': m.error_passkey_invalid,
  'solver-unavailable': m.error_solver_unavailable,
  'too-many-sockets': m.error_too_many_sockets,
  'too-large': m.error_too_large,
  'uri-too-long': m.error_uri_too_long,
  'unsupported-media-type': m.error_unsupported_media_type,
  'report-open': m.error_report_open,
  'report-self': m.error_report_self,
  'not-marked': m.error_not_marked,
  'appeal-used': m.error_appeal_used,
  'already-marked': m.error_already_marked,
  'case-closed': m.error_case_closed,
  'undo-refused': m.error_undo_refused,
  'no-such-arena': m.error_no_such_arena,
  'arena-finished': m.error_arena_finished,
  'arena-not-started': m.error_arena_not_started,
  'arena-berserk-too-late': m.error_arena_berserk_too_late,
  'arena-watched': m.error_arena_watched,
  'arena-bad-name': m.error_arena_bad_name,
  'arena-start-past': m.error_arena_start_past,
  'arena-start-too-far': m.error_arena_start_too_far,
  'arena-bad-length': m.error_arena_bad_length,
  'arena-berserk-no-undo': m.error_arena_berserk_no_undo,
  unavailable: m.error_unavailable,
  internal: m.error_internal,
  'bad-month': m.error_bad_month,
  'no-such-export': m.error_no_such_export,
  network: m.error_network,
};

/** The words for `code`; an unknown code (a newer server) reads as the server's failure. */
export function errorText(code: string): string {
  return (TEXT[code as ErrorCode] ?? m.error_internal)();
}
