import fp from 'fastify-plugin';
import { Devices } from '../identity/devices.ts';
import { LinkCodes } from '../identity/link-codes.ts';
import { DEFAULT_WEBAUTHN, Passkeys, type WebAuthnSettings } from '../identity/passkeys.ts';
import { PlayerService } from '../identity/players.ts';
import { SocketTokens } from '../identity/socket-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    players: PlayerService;
    /** A player's signed-in devices, passkeys and link codes. */
    devices: Devices;
    passkeys: Passkeys;
    linkCodes: LinkCodes;
    /** The tokens that bind an early socket to the player a sign-up made. */
    socketTokens: SocketTokens;
  }
}

/** Players, their devices, passkeys and link codes; a rename reaches the rooms at once. */
export const identityPlugin = fp<{ webauthn?: WebAuthnSettings | undefined }>(
  async (app, options) => {
    const { repos, now } = app;
    app.decorate('players', new PlayerService(repos, now, app.hub));
    app.decorate('devices', new Devices(repos, now, app.deviceSockets));
    app.decorate('passkeys', new Passkeys(repos, now, options.webauthn ?? DEFAULT_WEBAUTHN));
    app.decorate('linkCodes', new LinkCodes(repos, now));
    app.decorate('socketTokens', new SocketTokens(app.secret, now));
    const sweep = setInterval(() => {
      // Expired challenges and link codes are refused when taken; this only keeps the table small.
      void repos.oneTimeKeys.sweep(now()).catch(() => {});
    }, 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'identity', dependencies: ['basics', 'storage', 'realtime', 'races'] },
);
