import type { ServerMessage } from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import type { ArenaRow, Repos } from '../repo/types.ts';
import type { HeldGames } from './held-games.ts';
import { LiveArena } from './live-arena.ts';
import type { SharedTables } from './shared-table.ts';

export interface ArenaMemoryDeps {
  readonly repos: Pick<Repos, 'arenas'>;
  readonly now: Clock;
  readonly send: (playerId: string, message: ServerMessage) => void;
  readonly sendFrame: (playerId: string, frame: string) => void;
  readonly connected: (playerId: string) => boolean;
  readonly shared?: SharedTables | undefined;
}

/**
 * The arenas in this process's memory (`LiveArena`), each loaded from storage once however many
 * ask at the same time, with its games in play held here from then on.
 */
export class ArenaMemory {
  private readonly d: ArenaMemoryDeps;
  private readonly held: HeldGames;
  private readonly live = new Map<string, LiveArena>();
  private readonly loading = new Map<string, Promise<LiveArena>>();

  constructor(d: ArenaMemoryDeps, held: HeldGames) {
    this.d = d;
    this.held = held;
  }

  /** The arena in memory, if it is. */
  cached(id: string): LiveArena | undefined {
    return this.live.get(id);
  }

  /** Every arena in memory now (a copy: the sweep may let one go as it goes). */
  all(): LiveArena[] {
    return [...this.live.values()];
  }

  /** The arena in memory, loaded once from storage however many ask at the same time. */
  of(row: ArenaRow): Promise<LiveArena> {
    const live = this.live.get(row.id);
    if (live) return Promise.resolve(live);
    let loading = this.loading.get(row.id);
    if (!loading) {
      loading = this.load(row).finally(() => this.loading.delete(row.id));
      this.loading.set(row.id, loading);
    }
    return loading;
  }

  /** The arena has ended: it leaves memory. */
  forget(id: string): void {
    this.live.delete(id);
  }

  stop(): void {
    for (const live of this.live.values()) live.stop();
    this.live.clear();
  }

  private async load(row: ArenaRow): Promise<LiveArena> {
    const { arenas } = this.d.repos;
    const { now, send, sendFrame, connected, shared } = this.d;
    const stored = shared && ((playerId: string) => shared.stored(row, playerId, live.nickname(playerId) ?? ''));
    const live: LiveArena = new LiveArena(row, { now, send, sendFrame, connected, ...(stored ? { stored } : {}) });
    const [players, results] = await Promise.all([arenas.players(row.id), arenas.results(row.id)]);
    live.load(players, results);
    shared?.loaded(row, players, results);
    for (const game of results) if (game.status === 'playing') await this.held.hold(live, game.id);
    this.live.set(row.id, live);
    return live;
  }
}
