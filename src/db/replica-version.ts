/**
 * How far one replica has replayed the cache invalidation log: `max("version")` read ON the
 * replica. Replay only moves forward, so a version once seen stays true and a request needing no
 * more than that is served without asking; otherwise one read at a time is in flight, and callers
 * arriving while it runs share the next one (the replica sees at most one check per round trip).
 */
import { deadline } from './deadline';
import type { ReadEngine } from './fast/engine';

const MAX_VERSION = 'SELECT max("version") AS v FROM "CacheInvalidation"';

export class ReplicaVersion {
  /** The newest version this replica was seen to have replayed. */
  private known = 0;
  private inFlight: Promise<number> | null = null;
  private next: Promise<number> | null = null;

  constructor(
    private readonly engine: ReadEngine,
    /** A check without an answer by then fails (and settles, so the next check can start). */
    private readonly timeoutMs: number,
  ) {}

  /**
   * Forgets what was seen: after the replica failed, the server the next connection reaches may be
   * another one (rebuilt from an older backup, a failover behind the same address).
   */
  forget(): void {
    this.known = 0;
  }

  /** Whether the replica is known, without asking it, to have replayed `required`. */
  covers(required: number): boolean {
    return this.known >= required;
  }

  /** Whether the replica has replayed `required`, asking it when not known (rejects when it does not answer). */
  async reaches(required: number): Promise<boolean> {
    if (this.known >= required) return true;
    return (await this.check()) >= required;
  }

  /** A read of the replica's version that starts at or after this call. */
  private check(): Promise<number> {
    if (!this.inFlight) return this.start();
    if (!this.next) {
      this.next = this.inFlight.then(noop, noop).then(() => {
        this.next = null;
        // A read started since the last one ended also started after these callers arrived.
        return this.inFlight ?? this.start();
      });
    }
    return this.next;
  }

  private start(): Promise<number> {
    const read = this.read().finally(() => {
      if (this.inFlight === read) this.inFlight = null;
    });
    this.inFlight = read;
    return read;
  }

  private async read(): Promise<number> {
    const rows = await deadline(Promise.resolve(this.engine.all(MAX_VERSION, [])), this.timeoutMs, 'replica version check');
    const version = Number(rows[0]?.v ?? 0);
    if (version > this.known) this.known = version;
    return version;
  }
}

function noop(): void {}
