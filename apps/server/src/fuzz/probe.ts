import { WebSocket } from 'ws';
import type { FuzzFrame } from './frames.ts';

export interface Exchange {
  /** Every frame that came back, raw, in order. */
  readonly replies: readonly string[];
  /** The close code, when the server closed the socket instead. */
  readonly closed?: number;
}

const typeOf = (text: string): unknown => {
  try {
    return (JSON.parse(text) as { type?: unknown }).type;
  } catch {
    return undefined;
  }
};

/**
 * A player's socket that keeps replies raw: the fuzzer judges them itself, and a frame that
 * does not parse must become a failing case with its input, not an exception in a listener.
 */
export class Probe {
  private socket!: WebSocket;
  private listener: ((text: string) => void) | undefined;
  private onClose: ((code: number) => void) | undefined;
  /** Ends the wait in progress, if any: a reconnect abandons it. */
  private abandon: (() => void) | undefined;

  private readonly wsUrl: string;
  private readonly cookie: string;
  private constructor(wsUrl: string, cookie: string) {
    this.wsUrl = wsUrl;
    this.cookie = cookie;
  }

  static async open(wsUrl: string, cookie: string): Promise<Probe> {
    const probe = new Probe(wsUrl, cookie);
    await probe.reconnect();
    return probe;
  }

  /** A fresh socket, once the server has said `welcome` on it; resolves with that frame. */
  async reconnect(): Promise<string> {
    this.abandon?.();
    this.socket?.terminate();
    const socket = new WebSocket(this.wsUrl, { headers: { cookie: this.cookie } });
    this.socket = socket;
    socket.on('message', (data) => this.listener?.(data.toString()));
    socket.on('close', (code) => {
      if (socket === this.socket) this.onClose?.(code);
    });
    socket.on('error', () => {});
    return (await this.until((text) => typeOf(text) === 'welcome', 'welcome')).replies.at(-1)!;
  }

  /**
   * Sends `frame`, then `marker` (a message whose answer is a `game` frame); resolves with what
   * came back up to and including that answer, or up to the close.
   */
  exchange(frame: FuzzFrame, marker: string): Promise<Exchange> {
    const done = this.until((text) => typeOf(text) === 'game', 'the marker', true);
    if ('text' in frame) this.socket.send(frame.text);
    else if ('textBytes' in frame) this.socket.send(frame.textBytes, { binary: false });
    else this.socket.send(frame.binary, { binary: true });
    this.socket.send(marker);
    return done;
  }

  /** Sends `message` and resolves with the frames up to the first `game` frame. */
  request(message: string): Promise<Exchange> {
    const done = this.until((text) => typeOf(text) === 'game', 'a game frame');
    this.socket.send(message);
    return done;
  }

  close(): void {
    this.socket.terminate();
  }

  private until(last: (text: string) => boolean, what: string, closeEnds = false): Promise<Exchange> {
    const replies: string[] = [];
    return new Promise((resolve, reject) => {
      const finish = (outcome: Exchange | Error) => {
        clearTimeout(timer);
        this.listener = undefined;
        this.onClose = undefined;
        this.abandon = undefined;
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      this.abandon = () => finish(new Error(`abandoned waiting for ${what}`));
      const timer = setTimeout(
        () => finish(new Error(`no ${what} within 3 s; got ${JSON.stringify(replies).slice(0, 400)}`)),
        3000,
      );
      this.listener = (text) => {
        replies.push(text);
        if (last(text)) finish({ replies });
      };
      this.onClose = (code) =>
        finish(closeEnds ? { replies, closed: code } : new Error(`socket closed (${code}) waiting for ${what}`));
    });
  }
}
