import type { HintAnswer } from '@scorpion/protocol';
import { type Hint, SolverUnavailableError } from '@scorpion/solver';
import type { Clock } from '../clock.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { HintsRepo } from '../repo/types.ts';
import type { LiveGame } from './live-game.ts';

export interface HintDeps {
  /** The game as it stands (in memory, or loaded). */
  readonly load: (gameId: string) => Promise<LiveGame | undefined>;
  readonly hints: HintsRepo;
  /** The solver's threads; none (CERTIFY=none): no hints either. */
  readonly solve: ((state: LiveGame['state']) => Promise<Hint>) | undefined;
  readonly now: Clock;
}

/**
 * Hints in practice games the server dealt. The player does not hold the deal (its seed stays
 * here until the end), so the browser's solver cannot work one out: the server's does, from the
 * whole position, and answers only the next move of its line, which moves cards already face
 * up. The game is marked before the answer leaves, so no hint is given unmarked.
 */
export class PracticeHints {
  private readonly d: HintDeps;

  constructor(d: HintDeps) {
    this.d = d;
  }

  async hint(playerId: string, gameId: string, seq: number): Promise<Answer<HintAnswer>> {
    const game = await this.d.load(gameId);
    if (!game) return refuse('no-such-game', 'There is no such game.');
    const row = game.row;
    if (row.playerId !== playerId) return refuse('not-your-game', 'That game belongs to another player.');
    if (row.kind !== 'practice') return refuse('no-hints', 'Hints are for practice games only.');
    if (row.status !== 'playing') return refuse('game-over', 'This game is over.');
    if (seq !== game.seq) return refuse('stale', `The game is at ${game.seq}, not ${seq}.`);
    if (!this.d.solve) return unavailable;
    let found: Hint;
    try {
      found = await this.d.solve(game.state);
    } catch (error) {
      if (error instanceof SolverUnavailableError) return unavailable;
      throw error;
    }
    const hints = await this.d.hints.add(gameId, this.d.now());
    return {
      ok: true,
      value: { seq, hint: found.kind === 'move' ? { kind: 'move', move: found.move } : { kind: found.kind }, hints },
    };
  }
}

const unavailable = refuse('solver-unavailable', 'The solver is not running just now: try the hint again later.', {
  retryAfter: 5,
});
