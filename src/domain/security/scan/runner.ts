/**
 * Runs scans in the background, one per database at a time across every instance (the lease in
 * state.ts). A runner works through SCAN_STEPS, storing each step's findings as it ends and
 * recording its place, so a scan survives its process: a server that starts (and, every lease
 * period, a running one) resumes a scan whose lease lapsed at the step it had reached — findings of
 * the steps already done are kept, and a step cut off is run again whole. A stop request is
 * honoured before the next step. Closing the server lets the current step finish, then hands the
 * scan on (the lease lapses at once) to the next instance that starts.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../config';
import type { Database, PrismaClient } from '../../../db/client';
import { mediaStorage } from '../../media/storage-config';
import { recordSecurityEvent, type SecurityLogger } from '../log';
import { markGoneAsFixed, recordFinding } from './findings';
import { effectiveBlockedHosts, parseScanOptions } from './options';
import { checkpoint, claimAbandonedScan, claimNewScan, finishScan, LEASE_MS, readState, releaseLease, renewLease } from './state';
import { SCAN_STEPS } from './steps';
import { severityName } from './types';

export class ScanRunner {
  private readonly prisma: PrismaClient;
  private current: Promise<void> | null = null;
  private closing = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private config: Config,
    private log?: SecurityLogger,
  ) {
    this.prisma = db.untracked('the security scan runs in the background, outside any request');
  }

  use(config: Config, log?: SecurityLogger): void {
    this.config = config;
    if (log) this.log = log;
  }

  /** Claims and starts a new scan: false when one is already running (here or on another instance). */
  async start(): Promise<boolean> {
    if (this.closing) return false;
    const owner = randomUUID();
    const scanId = await claimNewScan(this.prisma, owner, SCAN_STEPS.length);
    if (scanId === null) return false;
    await this.event('scan-start', `Security scan #${scanId} started.`, { scanId });
    this.launch(owner, scanId, 0);
    return true;
  }

  /** Resumes a scan whose runner died (its lease lapsed): true when one was taken over. */
  async resumeAbandoned(): Promise<boolean> {
    if (this.closing || this.current) return false;
    const owner = randomUUID();
    const taken = await claimAbandonedScan(this.prisma, owner);
    if (!taken) return false;
    await this.event('scan-start', `Security scan #${taken.scanId} resumed at step ${taken.step + 1} of ${SCAN_STEPS.length}.`, { scanId: taken.scanId, resumedAt: taken.step });
    this.launch(owner, taken.scanId, taken.step);
    return true;
  }

  /** Looks for abandoned scans every lease period (the timer does not keep the process alive). */
  watch(): void {
    if (this.timer || this.closing) return;
    this.timer = setInterval(() => void this.resumeAbandoned().catch((error: unknown) => this.log?.warn({ err: error }, 'security scan: resuming failed')), LEASE_MS);
    this.timer.unref();
  }

  /** Resolves when no scan runs in this process (tests, shutdown). */
  async whenIdle(): Promise<void> {
    while (this.current) await this.current;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.whenIdle();
  }

  private launch(owner: string, scanId: number, from: number): void {
    const run = this.run(owner, scanId, from)
      .catch((error: unknown) => this.log?.warn({ err: error, scanId }, 'security scan: the runner failed'))
      .finally(() => {
        if (this.current === run) this.current = null;
      });
    this.current = run;
  }

  private async run(owner: string, scanId: number, from: number): Promise<void> {
    const heartbeat = setInterval(() => void renewLease(this.prisma, owner).catch(() => undefined), LEASE_MS / 4);
    heartbeat.unref();
    try {
      const state = await readState(this.prisma);
      const options = parseScanOptions(state.options);
      const input = { prisma: this.prisma, config: this.config, storage: mediaStorage(this.config), options, blockedHosts: effectiveBlockedHosts(options, this.config) };
      for (let step = from; step <= SCAN_STEPS.length; step++) {
        if (this.closing && step < SCAN_STEPS.length) {
          await releaseLease(this.prisma, owner);
          return;
        }
        const next = await checkpoint(this.prisma, owner, step);
        if (next === 'lost') return;
        if (next === 'stop') {
          if (await finishScan(this.prisma, owner, 'stopped')) await this.event('scan-stop', `Security scan #${scanId} stopped on request before step ${step + 1} of ${SCAN_STEPS.length}.`, { scanId, step });
          return;
        }
        if (step === SCAN_STEPS.length) break;
        const drafts = await SCAN_STEPS[step]!.run({ ...input, now: new Date() });
        for (const draft of drafts) {
          const { outcome, id } = await recordFinding(this.prisma, scanId, draft);
          if (outcome === 'added') {
            await this.event('scan-finding', draft.shortMsg, { scanId, findingId: id, type: draft.type, severity: severityName(draft.severity), recordKind: draft.record.kind, recordId: draft.record.id });
          }
        }
      }
      const fixed = await markGoneAsFixed(this.prisma, scanId);
      if (await finishScan(this.prisma, owner, 'complete')) await this.event('scan-complete', `Security scan #${scanId} completed.`, { scanId, fixed });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (await finishScan(this.prisma, owner, 'failed', message).catch(() => false)) await this.event('scan-stop', `Security scan #${scanId} failed: ${message}`, { scanId, failed: true });
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A stop that ended a scan nobody ran (its runner had died): logged here, as no runner will. */
  async stoppedOrphan(): Promise<void> {
    const state = await readState(this.prisma);
    await this.event('scan-stop', `Security scan #${state.scanId} stopped on request; its runner had stopped answering.`, { scanId: state.scanId, step: state.step });
  }

  private async event(type: 'scan-start' | 'scan-stop' | 'scan-complete' | 'scan-finding', message: string, details: Record<string, unknown>): Promise<void> {
    try {
      await recordSecurityEvent(this.db, { type, message, details }, this.log);
    } catch (error) {
      // The security log is best effort here: a scan does not fail because its log could not be written.
      this.log?.warn({ err: error }, 'security scan: the security log refused an event');
    }
  }
}

const runners = new WeakMap<object, ScanRunner>();

/**
 * The runner of this server instance: one per database client of the process (a request's `db` is
 * a view of it, so the runner is found by the client behind it, as the SEO analysis queue is).
 */
export function scanRunnerFor(db: Database, config: Config, log?: SecurityLogger): ScanRunner {
  const key = db.untracked('finding the security scan runner of this client');
  let runner = runners.get(key);
  if (!runner) {
    runner = new ScanRunner(db, config, log);
    runners.set(key, runner);
  } else {
    runner.use(config, log);
  }
  return runner;
}
