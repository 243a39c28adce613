import { matchRoute } from '../lib/routes.ts';

/**
 * Cluster mode: a socket closed with this code was for a room another server process owns; the
 * close reason is that process's node id (docs/operations.md, "Room owners").
 */
export const NOT_OWNER = 4009;

/** The room's owner, as a 4009 named it: the next socket for that room asks for that node. */
export interface Owner {
  readonly room: string;
  readonly node: string;
}

/**
 * The socket's address. On a room page it names the room (`?room=CODE`), so that the load
 * balancer sends it to the process that owns the room; after a 4009 it names that process too
 * (`&node=ID`), for as long as the page is that room's. A visitor's socket says `&watch=1`.
 */
export function socketUrl(at: Pick<Location, 'protocol' | 'host' | 'pathname'>, owner?: Owner, watch = false): string {
  const base = `${at.protocol === 'https:' ? 'wss' : 'ws'}://${at.host}/ws`;
  const route = matchRoute(at.pathname);
  if (route.page !== 'race') return base;
  const query = new URLSearchParams({ room: route.code });
  if (owner?.room === route.code && owner.node) query.set('node', owner.node);
  // A visitor's socket: it watches the room without a name (the server reads no cookie on it).
  if (watch) query.set('watch', '1');
  return `${base}?${query}`;
}

/** An early socket's address (`/ws?early=1`): a page with no player yet, read no cookie on it. */
export function earlySocketUrl(at: Pick<Location, 'protocol' | 'host'>): string {
  return `${at.protocol === 'https:' ? 'wss' : 'ws'}://${at.host}/ws?early=1`;
}

/** The owner a close names (a 4009 on a room page), if it does; then the client reconnects at once. */
export function ownerFromClose(code: number, reason: string, pathname: string): Owner | undefined {
  if (code !== NOT_OWNER) return undefined;
  const route = matchRoute(pathname);
  return route.page === 'race' ? { room: route.code, node: reason } : undefined;
}
