/**
 * Credits for one player, over all their sockets (after lila-ws's RateLimit): a burst of `burst` frames, refilled at
 * `perSecond`. A frame without credit is refused; refusals add strikes that fade at
 * `perSecond / 10` a second, and a client that keeps flooding past `maxStrikes` is cut off.
 */
export class RateLimit {
  private credits: number;
  private strikes = 0;
  private last: number;

  private readonly perSecond: number;
  private readonly burst: number;
  private readonly maxStrikes: number;
  constructor(perSecond: number, burst: number, maxStrikes: number, now: number) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.maxStrikes = maxStrikes;
    this.credits = burst;
    this.last = now;
  }

  /** `ok`: go on; `refuse`: drop this frame; `cut`: close the connection. */
  take(now: number): 'ok' | 'refuse' | 'cut' {
    this.refill(now);
    if (this.credits >= 1) {
      this.credits -= 1;
      return 'ok';
    }
    this.strikes += 1;
    return this.strikes > this.maxStrikes ? 'cut' : 'refuse';
  }

  /** Whole again: all credits back and no strike left, as if new. */
  rested(now: number): boolean {
    this.refill(now);
    return this.credits >= this.burst && this.strikes === 0;
  }

  private refill(now: number): void {
    const seconds = Math.max(0, now - this.last) / 1000;
    this.last = now;
    this.credits = Math.min(this.burst, this.credits + seconds * this.perSecond);
    this.strikes = Math.max(0, this.strikes - (seconds * this.perSecond) / 10);
  }
}
