/**
 * Lets the WAL keeper (wal-keeper.ts) hold the action commits for a moment. While held, the
 * group commit (repo/group-commit.ts) keeps its writes queued in memory, unacknowledged,
 * and the event loop runs on; at the release it commits them, in the order they came, before
 * anything queued later.
 */
export class CommitGate {
  private waiting: (() => void)[] = [];
  private isHeld = false;

  get held(): boolean {
    return this.isHeld;
  }

  hold(): void {
    this.isHeld = true;
  }

  /** Opens the gate and runs what waited for it, in the order it asked. */
  release(): void {
    this.isHeld = false;
    const waiting = this.waiting;
    this.waiting = [];
    for (const run of waiting) run();
  }

  /** Runs `run` at the next release. Only while held. */
  onRelease(run: () => void): void {
    this.waiting.push(run);
  }
}
