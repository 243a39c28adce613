import type { ServerMessage } from '@scorpion/protocol';
import type { Redis } from 'ioredis';
import type { DeviceSockets, Push } from '../../realtime/ports.ts';
import type { Connections } from '../../ws/connections.ts';

/** Where the cluster's pushes and presence live in Redis. */
const PRESENCE_CHANNEL = 'presence';
/** `player\ntokenHash`: a device signed out; every node closes its sockets. */
const SIGN_OUT_CHANNEL = 'sign-out';
const pushChannel = (nodeId: string) => `push:${nodeId}`;
const NODE_SET_PREFIX = 'presence:node:';
const nodeSet = (nodeId: string) => `${NODE_SET_PREFIX}${nodeId}`;

export interface ClusterPushOptions {
  readonly nodeId: string;
  /** Commands and publishing. */
  readonly redis: Redis;
  /** A second connection in subscriber mode (Redis allows nothing else on it). */
  readonly subscriber: Redis;
  /** A node's presence set lapses this long after its last refresh: a dead node's players leave then. */
  readonly ttlMs?: number;
  /** How often this node rewrites its set and reads everyone else's (well under `ttlMs`). */
  readonly refreshMs?: number;
  /** A player's presence changed on another node (the rooms here show them as here or away). */
  readonly onRemoteChange?: (playerId: string) => void;
}

/** `+` or `-`, the node, the player: one presence change, published as it happens. */
type Change = { here: boolean; nodeId: string; playerId: string };

/**
 * The cluster's `Push`: a frame for a player reaches their sockets on whichever node holds them.
 *
 * Each node keeps its players in a Redis set of its own, with an expiry it refreshes; changes are
 * also published as they happen. Every node keeps a local mirror of who is on which other node
 * (pub/sub between refreshes, the sets at each refresh), so `connected()` stays synchronous and
 * a frame is published only to the nodes that hold the player. A node that dies stops refreshing:
 * its set expires and the next refresh everywhere drops its players, so no ghost stays.
 */
export class ClusterPush implements Push, DeviceSockets {
  private readonly nodeId: string;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly ttlMs: number;
  private readonly onRemoteChange: (playerId: string) => void;
  /** player → the other nodes holding a socket of theirs. */
  private remote = new Map<string, Set<string>>();
  /** Changes heard while a refresh was reading the sets, replayed over what it read. */
  private heardDuringRefresh: Change[] | undefined;
  private readonly refreshMs: number;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> = Promise.resolve();

  private readonly local: Connections;

  constructor(local: Connections, o: ClusterPushOptions) {
    this.local = local;
    this.nodeId = o.nodeId;
    this.redis = o.redis;
    this.subscriber = o.subscriber;
    this.ttlMs = o.ttlMs ?? 10_000;
    this.onRemoteChange = o.onRemoteChange ?? (() => {});
    this.refreshMs = o.refreshMs ?? 3_000;
  }

  /** Subscribed, publishing this node's players and with a first mirror read when it resolves. */
  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, message: string) => this.heard(channel, message));
    await this.subscriber.subscribe(PRESENCE_CHANNEL, SIGN_OUT_CHANNEL, pushChannel(this.nodeId));
    this.local.onPresence((playerId, here) => this.localChange(playerId, here));
    await this.refresh();
    this.timer = setInterval(() => this.refreshSoon(), this.refreshMs);
    this.timer.unref();
  }

  connected(playerId: string): boolean {
    return this.local.connected(playerId) || this.remote.has(playerId);
  }

  /** How many players have a socket open on any node (as this node's mirror has it). */
  online(): number {
    let remoteOnly = 0;
    for (const playerId of this.remote.keys()) if (!this.local.connected(playerId)) remoteOnly++;
    return this.local.players() + remoteOnly;
  }

  send(playerId: string, message: ServerMessage): void {
    const nodes = this.remote.get(playerId);
    if (!nodes && !this.local.connected(playerId)) return;
    const frame = JSON.stringify(message);
    this.local.sendFrame(playerId, frame);
    // Lost if Redis is away: the same as a frame to a socket that drops; the next frame or the
    // reconnect's snapshot carries the state again.
    for (const node of nodes ?? []) void this.redis.publish(pushChannel(node), `${playerId}\n${frame}`).catch(() => {});
  }

  /**
   * To every node, this one included (through Redis, so the order is one): the device's sockets
   * close wherever they are. Here at once too, should Redis be away.
   */
  signOut(playerId: string, tokenHash: string): void {
    this.local.signOut(playerId, tokenHash);
    void this.redis.publish(SIGN_OUT_CHANNEL, `${playerId}\n${tokenHash}`).catch(() => {});
  }

  /** Stops refreshing and leaves the cluster at once: the set goes and the others hear each player leave. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.refreshing;
    const leave = this.redis.multi().del(nodeSet(this.nodeId));
    for (const playerId of this.local.playerIds()) leave.publish(PRESENCE_CHANNEL, `-${this.nodeId}\n${playerId}`);
    await leave.exec();
    await this.subscriber.unsubscribe();
  }

  private localChange(playerId: string, here: boolean): void {
    const key = nodeSet(this.nodeId);
    const change = `${here ? '+' : '-'}${this.nodeId}\n${playerId}`;
    const write = this.redis.multi();
    if (here) write.sadd(key, playerId);
    else write.srem(key, playerId);
    void write
      .pexpire(key, this.ttlMs)
      .publish(PRESENCE_CHANNEL, change)
      .exec()
      .catch(() => {});
  }

  private heard(channel: string, message: string): void {
    const newline = message.indexOf('\n');
    if (channel === PRESENCE_CHANNEL) {
      const change: Change = {
        here: message[0] === '+',
        nodeId: message.slice(1, newline),
        playerId: message.slice(newline + 1),
      };
      if (change.nodeId === this.nodeId) return;
      this.heardDuringRefresh?.push(change);
      this.apply(change);
    } else if (channel === SIGN_OUT_CHANNEL) {
      this.local.signOut(message.slice(0, newline), message.slice(newline + 1));
    } else {
      // Frames for a player who has left since are dropped, as a local push to nobody is.
      this.local.sendFrame(message.slice(0, newline), message.slice(newline + 1));
    }
  }

  private apply({ here, nodeId, playerId }: Change): void {
    const before = this.connected(playerId);
    const nodes = this.remote.get(playerId);
    if (here) addTo(this.remote, playerId, nodeId);
    else if (nodes) {
      nodes.delete(nodeId);
      if (nodes.size === 0) this.remote.delete(playerId);
    }
    if (this.connected(playerId) !== before) this.onRemoteChange(playerId);
  }

  private refreshSoon(): void {
    this.refreshing = this.refreshing.then(() => this.refresh()).catch(() => {});
  }

  /**
   * Rewrites this node's set from its sockets (so an emptied Redis is whole again within one
   * refresh), then rebuilds the mirror from every live node's set.
   */
  private async refresh(): Promise<void> {
    const mine = nodeSet(this.nodeId);
    const players = this.local.playerIds();
    const write = this.redis.multi().del(mine);
    if (players.length > 0) write.sadd(mine, ...players).pexpire(mine, this.ttlMs);
    await write.exec();

    this.heardDuringRefresh = [];
    try {
      const next = new Map<string, Set<string>>();
      for (const key of await this.scanNodeSets()) {
        const nodeId = key.slice(NODE_SET_PREFIX.length);
        if (nodeId === this.nodeId) continue;
        for (const playerId of await this.redis.smembers(key)) addTo(next, playerId, nodeId);
      }
      const before = this.remote;
      this.remote = next;
      for (const change of this.heardDuringRefresh) this.apply(change);
      for (const playerId of new Set([...before.keys(), ...this.remote.keys()]))
        if (before.has(playerId) !== this.remote.has(playerId) && !this.local.connected(playerId))
          this.onRemoteChange(playerId);
    } finally {
      this.heardDuringRefresh = undefined;
    }
  }

  private async scanNodeSets(): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${NODE_SET_PREFIX}*`, 'COUNT', 100);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  }
}

function addTo(map: Map<string, Set<string>>, playerId: string, nodeId: string): void {
  const nodes = map.get(playerId);
  if (nodes) nodes.add(nodeId);
  else map.set(playerId, new Set([nodeId]));
}
