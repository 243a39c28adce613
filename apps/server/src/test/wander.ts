import { type GameAction, type GameSnapshot, SnapshotLine } from '@scorpion/protocol';
import type { TestClient } from './client.ts';
import { someLegalMove } from './play.ts';

/**
 * A player who wanders through a game over the socket (the leak tests' walks): plays varied legal
 * moves (with an undo, a redo and an illegal attempt now and then).
 */
export async function wander(client: TestClient, game: GameSnapshot, steps: number): Promise<GameSnapshot> {
  let current = game;
  // As the web app does: an undo's or a redo's small ack brings back a board it was shown.
  const line = new SnapshotLine();
  for (let i = 0; i < steps && current.status === 'playing'; i++) {
    const move = someLegalMove(current);
    let message: Parameters<TestClient['act']>[0];
    if (i % 7 === 3 && current.canUndo) message = { type: 'undo', gameId: current.gameId, expect: current.seq };
    else if (i % 7 === 4 && current.canRedo) message = { type: 'redo', gameId: current.gameId, expect: current.seq };
    else if (i % 9 === 5 || !move) {
      message = {
        type: 'move',
        gameId: current.gameId,
        expect: current.seq,
        move: { kind: 'move', from: 0, row: 0, to: 1 },
      };
    } else message = { type: 'move', gameId: current.gameId, expect: current.seq, move };
    const reply = await client.act(message);
    if (reply.type !== 'ack') continue;
    const action: GameAction = message.type === 'move' ? message.move : { kind: message.type };
    let next = line.advance(current, action, reply);
    // A walk that begins mid-game (or found no legal move to start with) has no board to go back
    // to: the client asks for the game, as the web app does. A move's ack must always follow.
    if (!next && action.kind !== 'move') next = (await resumed(client, current.gameId)).game;
    if (!next) throw new Error(`the ack of ${JSON.stringify(action)} does not follow from the game`);
    current = next;
  }
  return current;
}

/** Resumes a game (the answer holds the whole game, and its ghost). */
export async function resumed(client: TestClient, gameId: string) {
  client.send({ type: 'game-resume', gameId });
  return client.next('game', (g) => g.game.gameId === gameId);
}
