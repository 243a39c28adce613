import type {
  ArenaCreate,
  ArenaHistory,
  ArenaList,
  ArenaPage,
  ArenaSummary,
  ArenaTable,
  ArenaTableRow,
  Player,
} from '@scorpion/protocol';
import type { Clock } from '../clock.ts';
import { publicDifficulty } from '../deals/difficulty.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { ArenaResultRow, ArenaRow, Repos } from '../repo/types.ts';
import { arenaIsPublic, gate } from '../secrecy.ts';
import { arenaGame, privateArenaId, resultOf, scheduledRow, statusAt, summaryOf } from './arena-row.ts';
import type { ArenaDeals } from './deal-sequence.ts';
import { lastEnded, upcoming } from './schedule.ts';
import { type Standing, tableFromRows } from './scoring.ts';
import { arenaRow, TableView } from './table-view.ts';
import { checkPrivateArena } from './validate.ts';

/** How far ahead the schedule list looks: the next day's arenas. */
export const LIST_HORIZON_MS = 24 * 3_600_000;
const PRIVATE_LISTED = 100;
const HISTORY_LISTED = 30;

export interface ArenaPagesDeps {
  readonly repos: Repos;
  readonly deals: ArenaDeals;
  readonly now: Clock;
  readonly find: (id: string) => Promise<ArenaRow | undefined>;
}

const noSuchArena = refuse('no-such-arena', 'There is no such arena.');

/** A table made from storage alone: the truth, whichever process asks. */
interface StoredTable {
  readonly standings: Standing[];
  readonly games: Map<string, ArenaResultRow[]>;
}

/**
 * What the arena pages read over REST: the schedule, an arena's page and its table, a player's
 * history; and a private arena's creation. Every table here is made from storage alone, and a
 * deal's seed leaves only through the secrecy gate, once the arena has ended.
 */
export class ArenaPages {
  private readonly d: ArenaPagesDeps;

  constructor(d: ArenaPagesDeps) {
    this.d = d;
  }

  async list(): Promise<ArenaList> {
    const now = this.d.now();
    const scheduled = upcoming(now, LIST_HORIZON_MS).map(scheduledRow);
    const stored = await Promise.all(scheduled.map(async (r) => (await this.d.repos.arenas.get(r.id)) ?? r));
    const rows = [...stored, ...(await this.d.repos.arenas.privateOpen(now, PRIVATE_LISTED))].sort(
      (a, b) => a.startsAt - b.startsAt || (a.id < b.id ? -1 : 1),
    );
    return { arenas: await this.summaries(rows), serverTime: now };
  }

  async create(playerId: string, body: ArenaCreate): Promise<Answer<ArenaSummary>> {
    const now = this.d.now();
    const checked = checkPrivateArena(body, now);
    if (!checked.ok) return refuse(checked.code, checked.message);
    const { name, startsAt, minutes, variant } = checked.arena;
    const row: ArenaRow = {
      id: privateArenaId(),
      kind: 'private',
      name,
      variant,
      startsAt,
      endsAt: startsAt + minutes * 60_000,
      minutes,
      createdBy: playerId,
      createdAt: now,
      winnerId: null,
      settledAt: null,
    };
    const stored = await this.d.repos.arenas.ensure(row);
    return { ok: true, value: (await this.summaries([stored]))[0]! };
  }

  async page(id: string): Promise<Answer<ArenaPage>> {
    const row = await this.d.find(id);
    if (!row) return noSuchArena;
    const now = this.d.now();
    const [summary] = await this.summaries([row]);
    const finished = statusAt(row, now) === 'finished';
    const table = finished ? await this.stored(row) : undefined;
    const podium = table ? new TableView(table.standings, false).podium() : [];
    // The deals someone was dealt: the one certified ahead for the leader was never played.
    const dealt = Math.max(0, ...[...(table?.games.values() ?? [])].flat().map((g) => g.arenaDeal ?? 0));
    const stored = finished ? (await this.d.repos.arenas.deals(id)).filter((s) => s.deal <= dealt) : [];
    const deals = gate.disclose(arenaIsPublic(row, now), () =>
      stored.map((s) => ({
        deal: s.deal,
        seed: this.d.deals.seedOf(row, s.deal, s.candidate),
        difficulty: publicDifficulty(s.certificate.difficulty ?? null),
      })),
    );
    return { ok: true, value: { arena: summary!, podium, deals, serverTime: now } };
  }

  async table(id: string, page: number, pageSize: number): Promise<Answer<ArenaTable>> {
    const row = await this.d.find(id);
    if (!row) return noSuchArena;
    const status = statusAt(row, this.d.now());
    const { standings, games } = await this.stored(row);
    const rows: ArenaTableRow[] = standings.slice((page - 1) * pageSize, page * pageSize).map((s) => ({
      ...arenaRow(s, status === 'running'),
      wins: s.sheet.wins,
      winTimeMs: s.sheet.winTimeMs,
      games:
        status === 'finished'
          ? (games.get(s.playerId) ?? [])
              .sort((a, b) => (a.arenaDeal ?? 0) - (b.arenaDeal ?? 0))
              .map((g, i) => arenaGame(g, s.sheet.perDeal[i]?.points ?? 0, row))
          : null,
    }));
    return { ok: true, value: { arenaId: id, status, page, pageSize, players: standings.length, rows } };
  }

  /** A player's arenas, the latest joined first, with their place; and the weekly mark they carry. */
  async history(playerId: string): Promise<ArenaHistory> {
    const rows = await this.d.repos.arenas.historyOf(playerId, HISTORY_LISTED);
    const summaries = await this.summaries(rows);
    const arenas = [];
    for (const [i, row] of rows.entries()) {
      const { standings } = await this.stored(row);
      const own = standings.find((s) => s.playerId === playerId);
      if (!own) continue;
      const games = own.sheet.perDeal.filter((d) => d.outcome !== 'unfinished').length;
      arenas.push({ arena: summaries[i]!, rank: own.rank, score: own.sheet.score, games });
    }
    return { arenas, weeklyMark: await this.weeklyMark(playerId) };
  }

  /** The last weekly arena with a winner, when this player won it: its mark is theirs until the next. */
  private async weeklyMark(playerId: string): Promise<ArenaSummary | null> {
    let at = this.d.now();
    // The last weekly arena may have had nobody in it: look back a few weeks for one with a winner.
    for (let weeks = 0; weeks < 4; weeks++) {
      const weekly = lastEnded('weekly', at);
      const stored = await this.d.repos.arenas.get(weekly.id);
      if (stored?.winnerId) return stored.winnerId === playerId ? (await this.summaries([stored]))[0]! : null;
      at = weekly.startsAt;
    }
    return null;
  }

  private async stored(row: ArenaRow): Promise<StoredTable> {
    const { arenas } = this.d.repos;
    const [players, results] = await Promise.all([arenas.players(row.id), arenas.results(row.id)]);
    const games = new Map<string, ArenaResultRow[]>();
    for (const g of results) games.set(g.playerId, [...(games.get(g.playerId) ?? []), g]);
    const standings = tableFromRows(
      players,
      results.map((g) => resultOf(g, row)),
    );
    return { standings, games };
  }

  private async summaries(rows: readonly ArenaRow[]): Promise<ArenaSummary[]> {
    const { repos, now } = this.d;
    const counts = await repos.arenas.counts(rows.map((r) => r.id));
    const ids = [...new Set(rows.flatMap((r) => [r.createdBy, r.winnerId]).filter((id) => id !== null))];
    const names = new Map((await repos.players.byIds(ids)).map((p) => [p.id, p]));
    const player = (id: string | null): Player | null => {
      const p = id === null ? undefined : names.get(id);
      return p ? { id: p.id, nickname: p.nickname } : null;
    };
    return rows.map((r) =>
      summaryOf(r, counts.get(r.id) ?? 0, { createdBy: player(r.createdBy), winner: player(r.winnerId) }, now()),
    );
  }
}
