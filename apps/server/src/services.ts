import type { ChallengeService } from './challenges/service.ts';
import type { Clock } from './clock.ts';
import type { DailyRanks } from './cluster/adapters/daily-ranks.ts';
import type { DailyService } from './daily/service.ts';
import type { DealSource } from './deals/source.ts';
import type { EvidenceRunner } from './evidence/runner.ts';
import type { GameService } from './games/service.ts';
import type { Devices } from './identity/devices.ts';
import type { LinkCodes } from './identity/link-codes.ts';
import type { Passkeys } from './identity/passkeys.ts';
import type { PlayerService } from './identity/players.ts';
import type { ModerationService } from './moderation/service.ts';
import type { QuickQueue } from './queue/service.ts';
import type { RaceHub } from './races/hub.ts';
import type { Push } from './realtime/ports.ts';
import type { Repos } from './repo/types.ts';
import type { Connections } from './ws/connections.ts';

/** Everything the routes and the socket edge talk to. */
export interface Services {
  readonly repos: Repos;
  readonly games: GameService;
  readonly daily: DailyService;
  readonly hub: RaceHub;
  readonly players: PlayerService;
  /** A player's signed-in devices, passkeys and link codes. */
  readonly devices: Devices;
  readonly passkeys: Passkeys;
  readonly linkCodes: LinkCodes;
  readonly deals: DealSource;
  /** This process's sockets. */
  readonly connections: Connections;
  /** Frames and presence for the services: `connections`, or the cluster's when Redis is on. */
  readonly push: Push;
  /** The daily boards' ranks from Redis, when it is on. */
  readonly ranks?: DailyRanks;
  readonly now: Clock;
  /** "Beat my time" links and the ghosts beside their games. */
  readonly challenges: ChallengeService;
  /** Weighs finished ranked games for evidence of seeing the hidden cards, when a pool is given. */
  readonly evidence?: EvidenceRunner;
  /** "Race someone now": the quick-race queue. */
  readonly queue: QuickQueue;
  /** Reports, the moderators' queue (reports, held games, appeals), marks and refunds. */
  readonly moderation: ModerationService;
}
