/** The app's pages and the path patterns that lead to them. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'daily' }
  | { readonly page: 'practice' }
  | { readonly page: 'race'; readonly code: string }
  | { readonly page: 'race-new' }
  /** "Race someone now": the quick-race queue. */
  | { readonly page: 'quick' }
  /** A "Beat my time" link: play its deal beside the original's ghost. */
  | { readonly page: 'challenge'; readonly code: string }
  | { readonly page: 'leaderboards' }
  /** A player's profile, by nickname as typed in the address (`/p/NICKNAME`). */
  | { readonly page: 'profile'; readonly nickname: string }
  | { readonly page: 'replay'; readonly gameId: string }
  /** A record from this browser (a practice game) or pasted or loaded from a file. */
  | { readonly page: 'replay-record' }
  | { readonly page: 'rules' }
  | { readonly page: 'win-rates' }
  | { readonly page: 'puzzles' }
  /** Puzzle rush: three minutes of puzzles, easy to hard. */
  | { readonly page: 'puzzle-rush' }
  /** A puzzle race's link: friends race the same puzzles for 90 s. */
  | { readonly page: 'puzzle-race'; readonly code: string }
  | { readonly page: 'solution'; readonly date: string }
  /** A past day's daily: its board, its board of late plays, its deal to play as practice. */
  | { readonly page: 'daily-past'; readonly date: string }
  /** The player's signed-in devices, passkeys and link codes. */
  | { readonly page: 'devices' }
  /** Signing this device in: a passkey, or a code (also from a QR code: `/link#CODE`). */
  | { readonly page: 'link' }
  /** The moderators' queue and log (moderators only: the page says "not found" to anyone else). */
  | { readonly page: 'mod' }
  /** The arenas' schedule and the form to make a private one. */
  | { readonly page: 'arenas' }
  /** One arena, for good: join and play while it runs, its podium and table once over. */
  | { readonly page: 'arena'; readonly id: string }
  | { readonly page: 'not-found' };

export function matchRoute(path: string): Route {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/') return { page: 'home' };
  if (clean === '/daily') return { page: 'daily' };
  if (clean === '/practice') return { page: 'practice' };
  if (clean === '/race') return { page: 'race-new' };
  if (clean === '/quick') return { page: 'quick' };
  if (clean === '/leaderboards') return { page: 'leaderboards' };
  if (clean === '/rules') return { page: 'rules' };
  if (clean === '/win-rates') return { page: 'win-rates' };
  if (clean === '/puzzles') return { page: 'puzzles' };
  if (clean === '/puzzles/rush') return { page: 'puzzle-rush' };
  if (clean === '/replay') return { page: 'replay-record' };
  if (clean === '/devices') return { page: 'devices' };
  if (clean === '/link') return { page: 'link' };
  if (clean === '/mod') return { page: 'mod' };
  if (clean === '/arenas') return { page: 'arenas' };
  const puzzleRace = /^\/puzzles\/race\/([A-Za-z2-9]{6})$/.exec(clean);
  if (puzzleRace) return { page: 'puzzle-race', code: puzzleRace[1]!.toUpperCase() };
  const room = /^\/r\/([A-Za-z0-9]{4,12})$/.exec(clean);
  if (room) return { page: 'race', code: room[1]!.toUpperCase() };
  // The shapes of `ArenaId` (protocol): a scheduled slot, or a private arena's random id.
  const arena = /^\/a\/(h-\d{4}-\d\d-\d\dT\d\d|[dw]-\d{4}-\d\d-\d\d|p-[A-Za-z0-9_-]{12})$/.exec(clean);
  if (arena) return { page: 'arena', id: arena[1]! };
  const challenge = /^\/c\/([A-Za-z0-9_-]{10,32})$/.exec(clean);
  if (challenge) return { page: 'challenge', code: challenge[1]! };
  const past = /^\/daily\/(\d{4}-\d\d-\d\d)$/.exec(clean);
  if (past) return { page: 'daily-past', date: past[1]! };
  const solution = /^\/solution\/(\d{4}-\d\d-\d\d)$/.exec(clean);
  if (solution) return { page: 'solution', date: solution[1]! };
  const profile = /^\/p\/([^/]{1,200})$/.exec(clean);
  if (profile) {
    const nickname = decoded(profile[1]!);
    if (nickname) return { page: 'profile', nickname };
  }
  const replay = /^\/replay\/([\w-]{1,64})$/.exec(clean);
  if (replay) return { page: 'replay', gameId: replay[1]! };
  return { page: 'not-found' };
}

/** A path part decoded, or undefined for a malformed escape (`%E0%A4%A`). */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
