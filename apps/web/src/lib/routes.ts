/** The app's pages and the path patterns that lead to them. */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'daily' }
  | { readonly page: 'practice' }
  | { readonly page: 'race'; readonly code: string }
  | { readonly page: 'race-new' }
  | { readonly page: 'leaderboards' }
  | { readonly page: 'replay'; readonly gameId: string }
  /** A record from this browser (a practice game) or pasted or loaded from a file. */
  | { readonly page: 'replay-record' }
  | { readonly page: 'rules' }
  | { readonly page: 'win-rates' }
  | { readonly page: 'solution'; readonly date: string }
  | { readonly page: 'not-found' };

export function matchRoute(path: string): Route {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/') return { page: 'home' };
  if (clean === '/daily') return { page: 'daily' };
  if (clean === '/practice') return { page: 'practice' };
  if (clean === '/race') return { page: 'race-new' };
  if (clean === '/leaderboards') return { page: 'leaderboards' };
  if (clean === '/rules') return { page: 'rules' };
  if (clean === '/win-rates') return { page: 'win-rates' };
  if (clean === '/replay') return { page: 'replay-record' };
  const room = /^\/r\/([A-Za-z0-9]{4,12})$/.exec(clean);
  if (room) return { page: 'race', code: room[1]!.toUpperCase() };
  const solution = /^\/solution\/(\d{4}-\d\d-\d\d)$/.exec(clean);
  if (solution) return { page: 'solution', date: solution[1]! };
  const replay = /^\/replay\/([\w-]{1,64})$/.exec(clean);
  if (replay) return { page: 'replay', gameId: replay[1]! };
  return { page: 'not-found' };
}
