import { type Owner, ownerFromClose, socketUrl } from '../../apps/web/src/net/socket-url.ts';

/** A socket the server closed before its welcome; with 4009 the reason names the room's owner. */
export class ClosedBeforeWelcome extends Error {
  readonly code: number;
  readonly reason: string;

  constructor(code: number, reason: string) {
    super(`socket closed before its welcome: ${code} ${reason}`);
    this.code = code;
    this.reason = reason;
  }
}

/** Past this many landings a room's owner is not where the 4009s say: a routing bug, not load. */
const MAX_LANDINGS = 4;

/**
 * A socket opened as the web app opens it on the room's page (`/r/CODE`): the address is the web
 * app's own `socketUrl` (`/ws?room=CODE`, then `&node=ID` once a 4009 named the owner), and each
 * 4009 is followed at once, as `Connection` follows the first. `open` resolves on the welcome and
 * rejects with `ClosedBeforeWelcome` if the server closes first.
 */
export async function openOnRoomPage<T>(
  wsUrl: string,
  code: string,
  cookie: string,
  open: (url: string, cookie: string) => Promise<T>,
): Promise<{ racer: T; redirects: number }> {
  const { protocol, host } = new URL(wsUrl.replace(/^ws/, 'http'));
  const page = { protocol, host, pathname: `/r/${code}` };
  let owner: Owner | undefined;
  for (let landing = 0; landing < MAX_LANDINGS; landing++) {
    try {
      return { racer: await open(socketUrl(page, owner), cookie), redirects: landing };
    } catch (error) {
      if (!(error instanceof ClosedBeforeWelcome)) throw error;
      owner = ownerFromClose(error.code, error.reason, page.pathname);
      if (!owner?.node) throw error;
    }
  }
  throw new Error(`room ${code}: no welcome after ${MAX_LANDINGS} landings (last sent to ${owner?.node})`);
}
