import fp from 'fastify-plugin';
import type { Puzzle } from '../puzzles/catalogue.ts';
import { PuzzleRaceService } from '../puzzles/race.ts';
import { PuzzleRushService } from '../puzzles/rush.ts';
import { PuzzleService } from '../puzzles/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    puzzles: PuzzleService;
    puzzleRush: PuzzleRushService;
    puzzleRace: PuzzleRaceService;
  }
}

export interface PuzzlesPluginOptions {
  /** The shipped puzzles (`loadPuzzles`); none: every player is told there are none left. */
  readonly puzzles?: readonly Puzzle[];
  /** Draws a player's next puzzle among the nearest to their rating, and a rush's from each band; tests pass a fixed one. */
  readonly random?: () => number;
}

/**
 * Rated puzzles, puzzle rush and puzzle races (issue #36): the shipped puzzles and the ratings that have moved,
 * read at start. A rush orders its puzzles by the ratings the rated service keeps, and moves none.
 */
export const puzzlesPlugin = fp<PuzzlesPluginOptions>(
  async (app, options) => {
    const puzzles = options.puzzles ?? [];
    const service = new PuzzleService(app.repos.puzzles, puzzles, app.now, options.random);
    await service.load();
    app.decorate('puzzles', service);
    const ratingOf = (puzzle: Puzzle) => service.ratingOf(puzzle).mu;
    const rush = new PuzzleRushService(app.repos.puzzleRush, puzzles, ratingOf, app.now, options.random);
    app.decorate('puzzleRush', rush);
    // A race's puzzles are drawn as a rush's are.
    const race = new PuzzleRaceService(app.repos.puzzleRace, puzzles, () => rush.newRun(), app.now);
    app.decorate('puzzleRace', race);
    // Any process of a cluster may sweep: a lobby is deleted once, whoever comes first. The
    // database may be out of reach this time: the next sweep forgets what this one did not.
    const sweep = setInterval(() => void race.sweepLobbies().catch(() => {}), 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'puzzles', dependencies: ['basics', 'storage'] },
);
