/**
 * Whether the SQLite file takes writes: `up`, or why not. `full`: the disk (or SQLite's
 * `max_page_count`) has no room for a page the write needs. `read-only`: the file, its directory
 * or its mount refuses writes. `io-error`: the disk fails them (gone, or failing).
 */
export type StorageState = 'up' | 'full' | 'read-only' | 'io-error';

/** SQLite's primary result codes of a disk that refuses a write, and what each says of it. */
const FAULTS: readonly (readonly [RegExp, StorageState])[] = [
  [/^SQLITE_FULL$/, 'full'],
  [/^SQLITE_READONLY/, 'read-only'],
  [/^SQLITE_(IOERR|CANTOPEN)/, 'io-error'],
];

/**
 * What `error` says of the disk, or `undefined` when it is not a disk's refusal (a constraint, a
 * bug). better-sqlite3 puts the extended code on the error (`SQLITE_IOERR_WRITE`); drizzle may
 * wrap it, so the code can sit on a cause.
 */
export function storageFault(error: unknown): Exclude<StorageState, 'up'> | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
    for (const [pattern, state] of FAULTS) if (pattern.test(code)) return state as Exclude<StorageState, 'up'>;
  }
  return undefined;
}

/** Hears each change of the storage's state once, with the error that showed a fault. */
export type StorageChange = (state: StorageState, error?: unknown) => void;

/**
 * The storage's state as the last write (a commit, a checkpoint, the readiness probe) found it.
 * A disk that stays full refuses every move for as long: its listener hears the change once, not
 * each refusal, so the operator's log has one line when writes stop and one when they resume.
 */
export class StorageHealth {
  private current: StorageState = 'up';
  /** The probe's last reading of the disk's free room was under its floor (storage-probe.ts). */
  private roomLow = false;
  private readonly onChange: StorageChange | undefined;

  constructor(onChange?: StorageChange) {
    this.onChange = onChange;
  }

  get state(): StorageState {
    return this.current;
  }

  /**
   * A write went through: the disk takes writes (again). Not while the disk was last read as
   * nearly full: SQLite writes over room its WAL already holds, so moves may go through there
   * until one needs more, and the state would flap between `up` and `full` with each move.
   */
  succeeded(): void {
    if (!this.roomLow) this.found('up');
  }

  /** The probe read the disk's free room: under its floor, the storage counts as full. */
  room(low: boolean): void {
    this.roomLow = low;
    if (low) this.found('full', new Error('the disk is nearly full'));
  }

  /** A write failed: when the disk refused it, the state says why. Returns that state, if any. */
  failed(error: unknown): StorageState | undefined {
    const fault = storageFault(error);
    if (fault) this.found(fault, error);
    return fault;
  }

  /** The state as a check found it (the readiness probe), with the error that showed a fault. */
  found(state: StorageState, error?: unknown): void {
    if (state === this.current) return;
    this.current = state;
    this.onChange?.(state, error);
  }
}
