import { type ClientMessage, DEFAULT_FINISH_WINDOW, type ServerMessage } from '@scorpion/protocol';
import { dealFromSeed } from '@scorpion/rules';
import type { FastifyInstance } from 'fastify';
import type { Acted, Shown } from '../games/outcomes.ts';
import type { Seen } from '../identity/device.ts';
import { type Answer, type Refusal, refuse } from '../refusal.ts';
import { refusalFrame } from '../refusal-edge.ts';

type Reply = ServerMessage | ServerMessage[];

/** The services a frame may reach. */
type Play = Pick<
  FastifyInstance,
  'now' | 'games' | 'challenges' | 'daily' | 'queue' | 'hub' | 'deals' | 'arenas' | 'tabs'
>;

const BOUND_ALREADY = refuse('bad-socket-token', 'This socket has its player already: nothing changed.');

function refused(refusal: Refusal, ref: string, gameId: string | null = null): ServerMessage {
  return refusalFrame(refusal, { ref, gameId });
}

/** A service's answer as frames: `frames` of its value, or its refusal. */
function answered<T>(a: Answer<T>, ref: string, frames: (value: T) => Reply): Reply {
  return a.ok ? frames(a.value) : refused(a, ref);
}

function ackFrame(acted: Acted, ref: string, gameId: string): ServerMessage {
  if (!acted.ok) return refused(acted, ref, gameId);
  const { seq, duplicate, events, update, game, race } = acted;
  return { type: 'ack', gameId, seq, duplicate, events, update, game, race };
}

function gameFrame(shown: Shown, ref: string, gameId: string): ServerMessage {
  return shown.ok ? { type: 'game', game: shown.game } : refused(shown, ref, gameId);
}

/**
 * One handler per client message. The edge has already parsed and limited the frame; these
 * only call a service and turn its answer into frames. A handler must reach the game service
 * without awaiting first, so that actions keep the order in which their frames arrived. `seen`
 * is where the socket came from (the daily records its openings by it).
 */
export function handle(s: Play, playerId: string, m: ClientMessage, seen: Seen): Promise<Reply> | Reply {
  switch (m.type) {
    case 'ping':
      return { type: 'pong', id: m.id, serverTime: s.now() };
    case 'identify':
      // Only an early socket binds; this one has its player (its cookie's, or bound already).
      return refused(BOUND_ALREADY, m.type);
    case 'move':
      return s.games.act(playerId, m.gameId, m.expect, m.move).then((o) => ackFrame(o, m.type, m.gameId));
    case 'undo':
      return berserkUndo(s, m.gameId, () =>
        s.games.act(playerId, m.gameId, m.expect, { kind: 'undo' }).then((o) => ackFrame(o, m.type, m.gameId)),
      );
    case 'redo':
      return s.games.act(playerId, m.gameId, m.expect, { kind: m.type }).then((o) => ackFrame(o, m.type, m.gameId));
    case 'give-up':
      return s.games.giveUp(playerId, m.gameId).then((o) => gameFrame(o, m.type, m.gameId));
    case 'tab-visibility':
      return s.tabs.report(playerId, m.gameId, m.hidden).then((r) => answered(r, m.type, () => []));
    case 'game-resume':
      return s.games.resume(playerId, m.gameId).then(async (o): Promise<Reply> => {
        const frame = gameFrame(o, m.type, m.gameId);
        // A challenge game comes back with its ghost, which runs again from where it stands.
        const ghost = o.ok && o.game.kind === 'challenge' ? await s.challenges.resumed(o.game) : undefined;
        return ghost ? [frame, ghost] : frame;
      });
    case 'race-watch':
      return s.hub.watch(playerId, m.code, m.playerId).then((r) => answered(r, m.type, () => []));
    case 'challenge-start':
      return s.challenges
        .start(playerId, m.code)
        .then((r) => answered(r, m.type, (v) => [{ type: 'game', game: v.game }, v.ghost]));
    case 'daily-join':
      return s.daily.join(playerId, seen).then(async (r): Promise<Reply> => {
        if (!r.ok) return refused(r, m.type);
        return { type: 'game', game: await s.games.snapshot(r.value) };
      });
    case 'practice-start':
      return startPractice(s, playerId, m);
    case 'queue-join':
      return s.queue.join(playerId, m.variant, m.options, seen).then((r) => answered(r, m.type, (v) => v));
    case 'queue-leave':
      return s.queue.leave(playerId).then((r) => answered(r, m.type, (v) => v));
    case 'queue-ghost':
      return s.queue.ghost(playerId, m.accept).then((r) => answered(r, m.type, (v) => v));
    case 'room-create':
      return s.hub
        .create(playerId, {
          variant: m.variant,
          options: m.options,
          timeLimit: m.timeLimit,
          winnableOnly: m.winnableOnly,
          rated: m.rated ?? false,
          bestOf: m.bestOf ?? 1,
          finishWindow: m.finishWindow ?? DEFAULT_FINISH_WINDOW,
        })
        .then((room) => ({ type: 'room', room }));
    case 'room-join':
      return s.hub.join(playerId, m.code).then(async (r): Promise<Reply> => {
        if (!r.ok) return refused(r, m.type);
        const frames: ServerMessage[] = [{ type: 'room', room: r.value.room }];
        if (r.value.game) {
          const resumed = await s.games.resume(playerId, r.value.game);
          frames.push(gameFrame(resumed, 'room-join', r.value.game));
        }
        return frames;
      });
    case 'room-leave':
      return s.hub.leave(playerId, m.code).then((r) => answered(r, m.type, (room) => ({ type: 'room', room })));
    case 'room-start':
      return s.hub.start(playerId, m.code).then((r) => answered(r, m.type, () => []));
    case 'room-end':
      return s.hub.end(playerId, m.code).then((r) => answered(r, m.type, () => []));
    case 'arena-join':
      return s.arenas.join(playerId, m.arenaId).then((r) => answered(r, m.type, (frames) => frames));
    case 'arena-next':
      return s.arenas
        .next(playerId, m.arenaId, m.deal, m.berserk)
        .then((r) => answered(r, m.type, (game): Reply => ({ type: 'game', game })));
    case 'arena-leave':
      return answered(s.arenas.leave(playerId, m.arenaId), m.type, () => []);
    case 'arena-watch':
      return s.arenas.watch(playerId, m.arenaId, m.playerId).then((r) => answered(r, m.type, (frames) => frames));
  }
}

/**
 * An undo in an arena deal played berserk is refused: berserk gave undo up for its point. The
 * game in memory answers at once, so the undo keeps its place among the frames before it.
 */
function berserkUndo(s: Play, gameId: string, act: () => Promise<Reply>): Promise<Reply> {
  const refusal = refuse('arena-berserk-no-undo', 'This deal is played berserk: no undo.');
  const cached = s.games.cached(gameId);
  if (cached) return cached.row.berserk ? Promise.resolve(refused(refusal, 'undo', gameId)) : act();
  return s.games.load(gameId).then((game) => (game?.row.berserk ? refused(refusal, 'undo', gameId) : act()));
}

async function startPractice(
  s: Play,
  playerId: string,
  m: Extract<ClientMessage, { type: 'practice-start' }>,
): Promise<Reply> {
  const deal = m.seed ? { seed: m.seed, deck: dealFromSeed(m.variant, m.seed) } : s.deals.fresh(m.variant);
  const game = await s.games.create({
    playerId,
    kind: 'practice',
    variant: m.variant,
    options: m.options,
    seed: deal.seed,
    playerSeed: m.seed !== undefined,
    deck: deal.deck,
  });
  return { type: 'game', game: await s.games.snapshot(game) };
}
