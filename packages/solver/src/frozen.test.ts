import {
  codeKind,
  dealFromSeed,
  FastBoard,
  type GameState,
  KIND_MOVE,
  newGame,
  type Options,
  positionFromText,
} from '@scorpion/rules';
import { describe, expect, it } from 'vitest';

import { FrozenCheck } from './frozen.ts';
import { referenceSolve } from './reference.ts';
import { nearlySolved, smallPosition } from './small.ts';
import { randomWalk } from './walk.ts';

function dead(columns: string, stock = ''): boolean {
  return new FrozenCheck(FastBoard.fromState(positionFromText('scorpion', columns, { stock }))).isDead();
}

describe('FrozenCheck', () => {
  it('sees a lowest face-up card sitting on its face-down successor', () => {
    expect(dead('qh JH 5S | KS')).toBe(true);
  });

  it('sees a loose card whose successor is face down under itself', () => {
    expect(dead('qh 8c JH 5S | KS')).toBe(true);
  });

  it('sees a cycle of cards each waiting for the other to move', () => {
    expect(dead('jd 5H 9D 4H | 6h TD')).toBe(true);
  });

  it('sees a card under its successor with nothing between that can ever move', () => {
    expect(dead('3H 2S 2H | 3S')).toBe(false);
    expect(dead('3H 5D 2H | 6d 4D')).toBe(true);
  });

  it('sees a card whose successor is covered by a card that can never move, whatever lies between', () => {
    // 5H waits for 9C to come off 6H (a King between them no longer frees it), 9C for TC, under
    // QD, and QD for 5H to come off KD.
    expect(dead('6H 9C KD 5H | tc QD')).toBe(true);
    expect(dead('6H 9C KD 5H | TC')).toBe(false);
    // JS, above its successor QS, waits for 6C on it, whatever else lies between.
    expect(dead('QS 6C KS 6H JS | 7c 5H')).toBe(true);
    expect(dead('QS 6C KS 6H JS | 5H 7C')).toBe(false);
    // 5H, under its successor 6H, waits for 9C on 6H (free to go onto TC) and for 8D or 6H
    // between them, both of which wait for 4H, which waits for 8D to come off 5H.
    expect(dead('5H 8D 6H 9C | TC | 9d 7h 4H')).toBe(true);
    expect(dead('5H 8D 6H 9C | TC 9D | 7h 4H')).toBe(false);
  });

  it('sees a buried King that waits for a column to empty, when no column ever can', () => {
    // KS and KD need an empty column; one empties only when AH or 2H leaves row 0, and AH waits
    // for KD to come off 2H, 2H for KS to come off 3H.
    expect(dead('AH 3H KS | 2H KD')).toBe(true);
    expect(dead('AH 3H KS | 2H KD | ')).toBe(false);
    // KH alone above a face-down card: its column's lowest face-up card is KH itself.
    expect(dead('qh KH 5S')).toBe(true);
    expect(dead('qh KH 5S | 6S')).toBe(false);
  });

  it('with foundations, lets a buried King wait for a column with a King at row 0 to complete and leave', () => {
    const found = (columns: string, stock = '') => {
      const state = positionFromText('scorpion', columns, { stock, options: { foundations: true } });
      return new FrozenCheck(FastBoard.fromState(state), true).isDead();
    };
    // No King at row 0: as without foundations.
    expect(found('AH 3H KS | 2H KD')).toBe(true);
    // QH waits for KH to leave, KH for a column to empty: the spades' once AS, free, lands on 2S.
    expect(found('KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S | QH KH AS')).toBe(false);
    expect(found('KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S | QH KH', 'AS')).toBe(false);
    expect(found('KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S | QH KH AS | 2D', '3D')).toBe(false);
    // Here AS is face down under QH: QH's column turns it over only once QH has moved.
    expect(found('KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S | as QH KH')).toBe(true);
    // 4H waits for KH to come off 5H, and KH for a column to empty: the spades' column once 4H,
    // its lowest face-up card, has moved, the diamonds' once 5H has, which waits for 4H to
    // uncover 6H. With 6H in the stock instead, 5H may move, and so may KH and 4H; without
    // foundations neither column may ever empty.
    expect(found('ks 6h 4H | KD 5H KH')).toBe(true);
    expect(found('ks 4H | KD 5H KH', '6H')).toBe(false);
    expect(dead('ks 4H | KD 5H KH', '6H')).toBe(true);
    // A complete column may leave at once.
    expect(found('KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS | QH KH')).toBe(false);
  });

  it('sees an open reserve card that waits for a card that waits for it', () => {
    const mice = (columns: string, reserve: string) => {
      const state = positionFromText('three-blind-mice', columns, { reserve });
      return new FrozenCheck(FastBoard.fromState(state), false, state.reserve).isDead();
    };
    // JS must leave the reserve for QS, face down under TS, and TS waits for JS.
    expect(mice('qs TS', 'JS')).toBe(true);
    expect(mice('qh TS | QS', 'JS')).toBe(false);
    // A King in the reserve waits for an empty column like a buried one: here none can appear.
    expect(mice('KS QS', 'KD')).toBe(true);
    expect(mice('KS QS | ', 'KD')).toBe(false);
  });

  it('with foundations, still makes the open reserve cards move', () => {
    const mice = (columns: string, reserve: string) => {
      const state = positionFromText('three-blind-mice', columns, { reserve, options: { foundations: true } });
      return new FrozenCheck(FastBoard.fromState(state), true, state.reserve).isDead();
    };
    expect(mice('qs TS', 'JS')).toBe(true);
    // KD must leave the reserve for an empty column: the spades' column may empty once JS has
    // left the reserve for QS, which it may at once.
    expect(mice('KS QS', 'KD JS')).toBe(false);
    // Here QS is face down under TS: TS waits for JS, JS for TS.
    expect(mice('ks qs TS', 'KD JS')).toBe(true);
  });

  it('lets through cards whose successor is on top, in the stock, or behind a King', () => {
    expect(dead('qh 8c KH | KS | ')).toBe(false);
    expect(dead('5H 9D 4H | 6H TD')).toBe(false);
    expect(dead('8c 2D', '3D')).toBe(false);
    expect(dead('3H KS 2H')).toBe(false);
  });
});

describe('FrozenCheck.isDeadAfter', () => {
  function seedOf(i: number): string {
    return (i + 1).toString(16).padStart(32, 'd');
  }

  function startOf(i: number): GameState {
    const options = { foundations: i % 4 === 3, open: false };
    switch (i % 5) {
      case 0:
        return newGame('scorpion', options, dealFromSeed('scorpion', seedOf(i)));
      case 1:
        return newGame('three-blind-mice', options, dealFromSeed('three-blind-mice', seedOf(i)));
      case 2:
        return smallPosition('scorpion-ii', seedOf(i), { suits: 2 + (i % 3), columns: 5, options });
      case 3:
        return nearlySolved('scorpion', seedOf(i), { suits: 4, columns: 6, cuts: 6 + (i % 7) });
      default:
        return smallPosition('scorpion', seedOf(i), { suits: 3, columns: 6, options });
    }
  }

  /** Plays the column move `from`/`row`/`to` on a live position and returns both verdicts after it. */
  function verdictsAfter(columns: string, from: number, row: number, to: number): [boolean, boolean] {
    const board = FastBoard.fromState(positionFromText('scorpion', columns));
    const frozen = new FrozenCheck(board);
    expect(frozen.isDead()).toBe(false);
    const move = FastBoard.encode({ kind: 'move', from, row, to });
    const landing = board.lengths[to]!;
    board.play(move);
    frozen.places.played(move, landing);
    return [frozen.isDead(), frozen.isDeadAfter(move, landing, false)];
  }

  it('sees a build that closes a cycle, with no card turned over', () => {
    // Before, 6H is on top and 5H may go onto it. Building 9S 6H onto TS puts 6H above 5H in its
    // column: now TS or 6H must move first, both wait for 3C to uncover their successors, and 3C
    // waits for 5H to uncover 4C.
    expect(verdictsAfter('4c 5H TS | KD 9S 6H | 7h js 3C', 1, 1, 0)).toEqual([true, true]);
  });

  /** Walks from `walks` live positions made by `startOf`, comparing the two verdicts after each column move. */
  function agreement(startOf: (i: number) => GameState, walks: number) {
    const tally = { alive: 0, deadAfterTurn: 0, deadOtherwise: 0, wrong: 0 };
    for (let i = 0, walked = 0; walked < walks; i++) {
      const start = startOf(i);
      const board = FastBoard.fromState(start);
      const frozen = new FrozenCheck(board, start.options.foundations, start.reserve);
      if (frozen.isDead()) continue;
      walked++;
      randomWalk(board, seedOf(i), 1500, {
        played: (move, landing, turned) => {
          frozen.places.played(move, landing);
          if (codeKind(move) !== KIND_MOVE) return;
          const dead = frozen.isDead();
          if (frozen.isDeadAfter(move, landing, turned) !== dead) tally.wrong++;
          if (!dead) tally.alive++;
          else if (turned) tally.deadAfterTurn++;
          else tally.deadOtherwise++;
        },
        undone: (move) => frozen.places.undone(move),
        goOn: () => !frozen.isDead(),
      });
    }
    return tally;
  }

  it('agrees with isDead after every column move from a live position', () => {
    const tally = agreement(startOf, 60);
    expect(tally.wrong).toBe(0);
    expect(tally.alive).toBeGreaterThan(20_000);
    expect(tally.deadAfterTurn).toBeGreaterThan(1000);
    expect(tally.deadOtherwise).toBeGreaterThan(300);
  });

  it('agrees with isDead after every column move, with foundations', () => {
    const options = (i: number) => ({ foundations: true, open: i % 2 === 0 });
    const tally = agreement(
      (i) =>
        i % 2 === 0
          ? smallPosition('scorpion-ii', seedOf(i), { suits: 3, columns: 5 + (i % 3), options: options(i >> 1) })
          : smallPosition('three-blind-mice', seedOf(i), { suits: 3, columns: 5 + (i % 3), options: options(i >> 1) }),
      60,
    );
    expect(tally.wrong).toBe(0);
    expect(tally.alive).toBeGreaterThan(30_000);
    expect(tally.deadAfterTurn + tally.deadOtherwise).toBeGreaterThan(3000);
  });
});

describe('FrozenCheck only calls lost positions dead', { timeout: 60_000 }, () => {
  function seedOf(i: number): string {
    return (i + 1).toString(16).padStart(32, 'c');
  }

  /** Positions along random walks from small one-deck positions that the check calls dead. */
  function deadPositions(make: (i: number) => GameState, count: number, reserve = false): GameState[] {
    const found: GameState[] = [];
    for (let i = 0; i < count; i++) {
      const start = make(i);
      const board = FastBoard.fromState(start);
      const frozen = new FrozenCheck(board, start.options.foundations, reserve ? start.reserve : []);
      if (frozen.isDead()) {
        found.push(board.toState());
        continue;
      }
      randomWalk(board, seedOf(i), 200, {
        played: (move, landing) => {
          frozen.places.played(move, landing);
          if (frozen.isDead()) found.push(board.toState());
        },
        undone: (move) => frozen.places.undone(move),
        goOn: () => !frozen.isDead(),
      });
    }
    return found;
  }

  /** The exhaustive search finds no win from any of `positions`, and proves more than `lost` of them lost. */
  function expectNoWin(positions: readonly GameState[], lost: number): void {
    let decided = 0;
    for (const state of positions) {
      const verdict = referenceSolve(state, 20_000);
      expect(verdict.result).not.toBe('win');
      if (verdict.result === 'loss') decided++;
    }
    expect(decided).toBeGreaterThan(lost);
  }

  /* Among them, with these seeds, 79 that the check called alive before a card waited for the
     card on its successor (in its own column too, with a card between them above it). */
  it('the exhaustive search finds no win from any of them', () => {
    const positions = [
      ...deadPositions((i) => smallPosition('scorpion', seedOf(i), { suits: 2, columns: 4 + (i % 2) }), 20),
      ...deadPositions(
        (i) => smallPosition('scorpion', seedOf(i), { suits: 2, columns: 4 + (i % 2), options: { open: true } }),
        20,
      ),
      ...deadPositions((i) => nearlySolved('scorpion', seedOf(i), { suits: 2, columns: 4, cuts: 3 + (i % 5) }), 20),
    ];
    expectNoWin(positions, 150);
  });

  /**
   * The check with every King free to move and the reserve left out, as it was before buried
   * Kings and reserve cards had to move (and with foundations until they did there too): the
   * same position with one more column, empty.
   */
  function deadWithKingsFree(state: GameState): boolean {
    const board = FastBoard.fromState({ ...state, columns: [...state.columns, []], hidden: [...state.hidden, 0] });
    return new FrozenCheck(board, state.options.foundations).isDead();
  }

  /** The dead positions above that the check called alive before buried Kings waited for an empty column. */
  function deadByKings(make: (i: number) => GameState, count: number): GameState[] {
    return deadPositions(make, count).filter((state) => !deadWithKingsFree(state));
  }

  /* With these seeds, 148 positions, each a loss for the reference search. */
  it('the exhaustive search finds no win where only a buried King is stuck', () => {
    const positions = [
      ...deadByKings((i) => smallPosition('scorpion', seedOf(i), { suits: 2, columns: 4 + (i % 2) }), 60),
      ...deadByKings(
        (i) => smallPosition('scorpion-ii', seedOf(i), { suits: 2, columns: 4 + (i % 2), options: { open: true } }),
        60,
      ),
      ...deadByKings(
        (i) =>
          smallPosition('three-blind-mice', seedOf(i), {
            suits: 2,
            columns: 4 + (i % 3),
            options: { open: i % 2 === 0 },
          }),
        60,
      ),
      ...deadByKings((i) => nearlySolved('scorpion', seedOf(i), { suits: 2, columns: 3, cuts: 3 + (i % 5) }), 60),
    ];
    expectNoWin(positions, 100);
  });

  /** Positions the check calls dead only once the open reserve's cards must move too. */
  function deadByReserve(make: (i: number) => GameState, count: number): GameState[] {
    return deadPositions(make, count, true).filter((state) => !new FrozenCheck(FastBoard.fromState(state)).isDead());
  }

  /* With these seeds, 455 positions: 454 losses for the reference search, one beyond its limit. */
  it('the exhaustive search finds no win where only a reserve card is stuck', () => {
    const positions = [
      ...deadByReserve(
        (i) =>
          smallPosition('three-blind-mice', seedOf(i), { suits: 2, columns: 4 + (i % 3), options: { open: true } }),
        200,
      ),
      ...deadByReserve((i) => smallPosition('three-blind-mice', seedOf(i), { suits: 2, columns: 4 + (i % 3) }), 200),
    ];
    expectNoWin(positions, 100);
  });

  /** With foundations: dead positions the check called alive when every King was free and the reserve left out. */
  function deadWithFoundations(make: (i: number) => GameState, count: number): GameState[] {
    return deadPositions(make, count, true).filter((state) => !deadWithKingsFree(state));
  }

  const withFoundations = (i: number): Options => ({ foundations: true, open: i % 2 === 0 });

  /** Two-suit positions near the end of a Scorpion II game with foundations, in two columns. */
  function nearlySolvedWithFoundations(i: number): GameState {
    const start = nearlySolved('scorpion-ii', seedOf(i), { suits: 2, columns: 2, cuts: 3 + (i % 5) });
    return { ...start, options: { foundations: true, open: false } };
  }

  /* With these seeds, 1,325 positions, each a loss for the reference search: 667 of Scorpion II
     and 13 near the end, each dead by a buried King; 645 of Three Blind Mice, 389 by a buried
     King or one in the reserve, 256 by another reserve card. */
  it('with foundations, the exhaustive search finds no win where only a buried King or reserve card is stuck', () => {
    const sets = {
      scorpionII: deadWithFoundations(
        (i) =>
          smallPosition('scorpion-ii', seedOf(i), {
            suits: 2 + (i % 2),
            columns: 4 + (i % 3),
            options: withFoundations(i),
          }),
        300,
      ),
      nearly: deadWithFoundations(nearlySolvedWithFoundations, 300),
      mice: deadWithFoundations(
        (i) =>
          smallPosition('three-blind-mice', seedOf(i), { suits: 2, columns: 4 + (i % 3), options: withFoundations(i) }),
        300,
      ),
    };
    expectNoWin([...sets.scorpionII, ...sets.nearly, ...sets.mice], 1300);
  });

  /* Positions along random walks where a buried King would be stuck if columns with a King at
     row 0 never emptied, as without foundations: with these seeds 48, of which the reference
     search wins 36, none of which the check calls dead. */
  it('with foundations, lets a buried King wait for a column with a King at row 0', () => {
    const tally = { win: 0, calledDead: 0 };
    for (let i = 0; i < 100; i++) {
      const board = FastBoard.fromState(nearlySolvedWithFoundations(i));
      const frozen = new FrozenCheck(board, true);
      const blind = new FrozenCheck(board, false);
      randomWalk(board, seedOf(i), 300, {
        played: (move, landing) => {
          frozen.places.played(move, landing);
          blind.places.played(move, landing);
          if (!blind.isDead() || deadWithKingsFree(board.toState())) return;
          if (referenceSolve(board.toState(), 20_000).result !== 'win') return;
          tally.win++;
          if (frozen.isDead()) tally.calledDead++;
        },
        undone: (move) => {
          frozen.places.undone(move);
          blind.places.undone(move);
        },
        goOn: () => !frozen.isDead(),
      });
    }
    expect(tally.win).toBeGreaterThan(30);
    expect(tally.calledDead).toBe(0);
  });
});
