/**
 * The LISTEN connection of a bus on PostgreSQL: it hears invalidations (and acknowledgements), and
 * holds the instance's lease, which lets cache hits trust the applied version without a query.
 *
 * An instance trusts its version only while (a) this connection is up and every version it was
 * notified of has been applied, and (b) its lease is valid: renewed on THIS connection every L/4,
 * trusted until (local monotonic time the renewal was sent) + 0.8 L. A renewal takes the publish
 * advisory lock, upserts the instance's `CacheInstance` row (renewedAt = database now()) and reads
 * max(version) in one implicit transaction; it trusts only once it has applied that version.
 * Registration is the first renewal, made after LISTEN is up. Everything else asks the database
 * (the coalesced read of invalidation.ts), so correctness never depends on the lease.
 *
 * Why a write acknowledged by instance A is never followed by a stale hit on instance B:
 * A's publish of version v inserts the row, then (same transaction, under the lock) reads every
 * row whose lease is valid in database time, NOTIFYs, commits, and before the write is
 * acknowledged waits until each such instance acknowledged v or its lease ran out
 * (renewedAt + L + margin, counted from A's transaction start, so never short).
 * - B renewed after A's commit (the lock orders them): that renewal read max >= v, and B trusts
 *   again only after applying it.
 * - B renewed before: A saw B's row. While B trusts, A waits. B acknowledges only after applying v.
 *   If B never does (slow, dead connection, crash), B's trust ends at sent + 0.8 L <= renewedAt +
 *   0.8 L, before A stops waiting at renewedAt + L + margin; B's next hit asks the database.
 * - B's row expired (or was pruned) when A looked: B's trust had already ended for the same reason,
 *   and B re-registers (renewal = upsert) reading max >= v before trusting again.
 * - B's LISTEN connection dies: B stops trusting at once when it notices; if it does not notice,
 *   renewals on that connection fail and the lease runs out as above. A reconnect registers anew.
 * - B hears v before applying it: not trusted (notified > applied) until applied.
 * - Registration races: B LISTENs before it registers, so every publish ordered after the
 *   registration (by the lock) both sees B's row and is heard by B; every publish ordered before
 *   it is at most the max(version) the registration read, which B applies before it trusts.
 * A crashed instance thus delays writers by at most L + margin; a closing one stops trusting,
 * deletes its row and tells waiting writers it is gone. Acknowledgements are NOTIFYs on this same
 * connection (`<instance>:<applied>`, one in flight, the next carrying the newest applied version).
 */
import { Client, type Notification, type QueryResult } from 'pg';
import { deadline } from '../db/deadline';
import { ACK_CHANNEL, AckBoard, ackPayload } from './acks';
import { INSTANCE_TABLE, INVALIDATION_CHANNEL, LOG_TABLE, PUBLISH_LOCK_KEY, parseNotification, type LogRow } from './log-store';

const RECONNECT_MS = 1_000;
/** The part of a lease an instance trusts, from when it sent the renewal. */
const TRUST_FRACTION = 0.8;
const RENEWALS_PER_LEASE = 4;
/** How long closing waits for the goodbye and the end of the connection. */
const CLOSE_WAIT_MS = 2_000;

/** `work`, or nothing once `ms` have passed. */
function within(work: Promise<unknown>, ms: number): Promise<unknown> {
  return deadline(work, ms, 'cache lease connection').catch(() => undefined);
}

/** The bus as the connection sees it. */
export interface LeaseHost {
  /** Every version up to this one has been applied. */
  applied(): number;
  /** A notified version, with its row when the payload carried it. */
  notified(version: number, row: LogRow | undefined): void;
  /** Reads and applies the rows past `applied`, up to `max` at least. */
  catchUpTo(max: number): Promise<void>;
  reportError(error: unknown): void;
}

export interface ListenOptions {
  url: string;
  instance: string;
  /** The lease, ms; null for none (every hit asks the database). */
  leaseMs: number | null;
  /** LISTEN for invalidations too (a bus with a cache); a bus without one only hears acknowledgements. */
  invalidations: boolean;
  /** Shown in pg_stat_activity. */
  applicationName: string;
}

export class ListenConnection {
  readonly acks = new AckBoard();
  private client?: Client;
  private ready = false;
  private leaseUntil = 0;
  private notifiedMax = 0;
  /** The connection whose renewal is in flight (one at a time per connection). */
  private renewing?: Client;
  private acking = false;
  private ackedSent = 0;
  private closed = false;
  private renewTimer?: NodeJS.Timeout;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    private readonly host: LeaseHost,
    private readonly options: ListenOptions,
  ) {}

  /** Connects (and registers, with a lease); rejects when the first attempt fails. */
  start(): Promise<void> {
    return this.connect(true);
  }

  /** Whether a cache hit may use the applied version without asking the database. */
  trusted(): boolean {
    return this.ready && performance.now() < this.leaseUntil && this.notifiedMax <= this.host.applied();
  }

  /** Tells waiting publishers what has been applied; one NOTIFY in flight, the next carries the newest. */
  acknowledge(): void {
    const client = this.client;
    if (this.options.leaseMs === null || this.acking || !client || !this.ready) return;
    const version = this.host.applied();
    if (version <= this.ackedSent) return;
    this.acking = true;
    this.ackedSent = version;
    client
      .query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, ackPayload(this.options.instance, version)])
      .catch((error: unknown) => this.host.reportError(error))
      .finally(() => {
        this.acking = false;
        this.acknowledge();
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.leaseUntil = 0;
    clearInterval(this.renewTimer);
    clearTimeout(this.reconnectTimer);
    this.acks.release();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (this.ready && this.options.leaseMs !== null) {
      // Writers waiting on this instance stop waiting; later ones no longer see it. A connection
      // that hangs does not hold the shutdown: the row then simply expires.
      const goodbye = client
        .query(`WITH gone AS (DELETE FROM ${INSTANCE_TABLE} WHERE "id" = $1) SELECT pg_notify($2, $3)`, [
          this.options.instance,
          ACK_CHANNEL,
          ackPayload(this.options.instance, 'gone'),
        ])
        .catch((error: unknown) => this.host.reportError(error));
      await within(goodbye, CLOSE_WAIT_MS);
    }
    this.ready = false;
    await within(client.end().catch(() => undefined), CLOSE_WAIT_MS);
  }

  private async connect(initial: boolean): Promise<void> {
    const client = new Client({ connectionString: this.options.url, application_name: this.options.applicationName });
    this.client = client;
    const lost = (error?: Error) => {
      if (error) this.host.reportError(error);
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      this.ready = false;
      this.leaseUntil = 0;
      clearInterval(this.renewTimer);
      client.end().catch(() => undefined);
      this.reconnectTimer = setTimeout(() => void this.connect(false), RECONNECT_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message: Notification) => this.heard(message));
    try {
      await client.connect();
      await client.query(this.options.invalidations ? `LISTEN ${INVALIDATION_CHANNEL}; LISTEN ${ACK_CHANNEL}` : `LISTEN ${ACK_CHANNEL}`);
      if (this.client !== client) return;
      this.ready = true;
      if (this.options.leaseMs !== null) await this.register(client);
      // Whatever was published while no connection listened (a registration reads it as well).
      else if (this.options.invalidations) await this.host.catchUpTo(0);
    } catch (error) {
      if (!initial) return lost(error as Error);
      this.client = undefined;
      this.ready = false;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** The first renewal of this connection, then one every L/4. */
  private async register(client: Client): Promise<void> {
    const leaseMs = this.options.leaseMs as number;
    // Acknowledgements sent on a previous connection may have been lost with it.
    this.ackedSent = 0;
    const renewed = await this.renew(client);
    if (!renewed) throw new Error('cache lease registration failed');
    clearInterval(this.renewTimer);
    this.renewTimer = setInterval(() => void this.renew(client).catch((error: unknown) => this.host.reportError(error)), leaseMs / RENEWALS_PER_LEASE);
    this.renewTimer.unref();
    this.acknowledge();
  }

  /** Renews (or re-creates) the lease; true once it is trusted again. */
  private async renew(client: Client): Promise<boolean> {
    if (this.renewing === client || this.client !== client || this.closed) return false;
    this.renewing = client;
    const leaseMs = this.options.leaseMs as number;
    const sent = performance.now();
    try {
      // One simple-protocol string: one implicit transaction, the lock held to its end.
      const results = (await client.query(
        `SELECT pg_advisory_xact_lock(${PUBLISH_LOCK_KEY});
         INSERT INTO ${INSTANCE_TABLE} ("id", "renewedAt", "leaseMs", "startedAt")
           VALUES ('${this.options.instance}', now() AT TIME ZONE 'UTC', ${Math.floor(leaseMs)}, now() AT TIME ZONE 'UTC')
           ON CONFLICT ("id") DO UPDATE SET "renewedAt" = EXCLUDED."renewedAt", "leaseMs" = EXCLUDED."leaseMs"
           RETURNING (SELECT max("version") FROM ${LOG_TABLE}) AS v`,
      )) as unknown as QueryResult<{ v: number | null }>[];
      const max = Number(results[results.length - 1].rows[0]?.v ?? 0);
      if (max > this.host.applied()) await this.host.catchUpTo(max);
      if (this.client !== client || this.closed || this.host.applied() < max) return false;
      this.leaseUntil = Math.max(this.leaseUntil, sent + leaseMs * TRUST_FRACTION);
      return true;
    } finally {
      if (this.renewing === client) this.renewing = undefined;
    }
  }

  private heard(message: Notification): void {
    if (this.closed) return;
    const payload = message.payload ?? '';
    if (message.channel === ACK_CHANNEL) return this.acks.heard(payload);
    const { version, row } = parseNotification(payload);
    if (!Number.isFinite(version)) {
      // Not ours to understand: trust nothing until the next renewal has read the log.
      this.leaseUntil = 0;
      return;
    }
    if (version > this.notifiedMax) this.notifiedMax = version;
    this.host.notified(version, row);
  }
}
