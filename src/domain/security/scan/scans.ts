/**
 * The scanner as both faces use it: start, stop, status, findings, marking and options. Each call
 * checks access first (access.ts); REST passes the central caller its token proved, GraphQL the
 * signed-in viewer. Reads go to Prisma on purpose: these answers are for one caller, never cached.
 */
import type { DomainContext } from '../../context';
import { DomainError } from '../../errors';
import type { CentralCaller } from '../central-auth';
import { requireScanAccess } from './access';
import { countFindings, findingById, findingPosition, listFindings, setFindingStatus, type FindingFilter, type FindingRecord } from './findings';
import { applyScanOptions, effectiveBlockedHosts, parseScanOptions, type ScanOptions, type ScanOptionsInput } from './options';
import { scanRunnerFor } from './runner';
import { readState, requestStop, STATE_ID } from './state';
import { SCAN_STEPS } from './steps';
import type { FindingStatus } from './types';

type Caller = CentralCaller | null | undefined;

const reader = (ctx: DomainContext) => ctx.db.untracked('security scan answers: one caller, never cached');

/** Starts a scan in the background: false when one is already running on any instance. */
export async function startScan(ctx: DomainContext, caller?: Caller): Promise<boolean> {
  requireScanAccess(ctx, caller);
  return scanRunnerFor(ctx.db, ctx.config).start();
}

/** Asks the running scan to stop before its next step (a scan whose runner died stops at once). */
export async function stopScan(ctx: DomainContext, caller?: Caller): Promise<boolean> {
  requireScanAccess(ctx, caller);
  const outcome = await requestStop(ctx.db.prisma);
  if (outcome === 'stopped') await scanRunnerFor(ctx.db, ctx.config).stoppedOrphan();
  return outcome !== 'idle';
}

export interface ScanStatus {
  running: boolean;
  stopRequested: boolean;
  scanId: number;
  /** Steps done of `steps` while running; of the last scan otherwise. */
  step: number;
  steps: number;
  /** Percent of the steps done (100 when idle after a complete scan). */
  progress: number;
  currentStep: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** When the last complete scan finished. */
  lastScanTime: Date | null;
  /** complete, stopped, failed, or null before the first scan. */
  lastResult: string | null;
  lastError: string | null;
  options: ScanOptions;
  /** The block list in force: the stored one and SECURITY_SCAN_BLOCKED_HOSTS. */
  blockedHosts: string[];
}

export async function scanStatus(ctx: DomainContext, caller?: Caller): Promise<ScanStatus> {
  requireScanAccess(ctx, caller);
  const state = await readState(reader(ctx));
  const running = state.status === 'running';
  const steps = state.steps || SCAN_STEPS.length;
  const step = running ? Math.min(state.step, steps) : state.lastResult === 'complete' ? steps : state.step;
  const options = parseScanOptions(state.options);
  return {
    running,
    stopRequested: running && state.stopRequested,
    scanId: state.scanId,
    step,
    steps,
    progress: Math.round((step / steps) * 100),
    currentStep: running ? (SCAN_STEPS[state.step]?.name ?? null) : null,
    startedAt: state.startedAt,
    finishedAt: running ? null : state.finishedAt,
    lastScanTime: state.lastScanTime,
    lastResult: state.lastResult || null,
    lastError: state.lastError || null,
    options,
    blockedHosts: effectiveBlockedHosts(options, ctx.config),
  };
}

/** The statuses the faces accept: ours, Wordfence's (`ignoreP`, `ignoreC`, `delete`) and plain words. */
const STATUS_WORDS: Record<string, FindingStatus> = {
  new: 'new', ignoreP: 'ignoreP', ignoreC: 'ignoreC', fixed: 'fixed', ignored: 'ignoreP', delete: 'fixed',
};

export function findingStatusOf(value: unknown): FindingStatus | null {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(STATUS_WORDS, value) ? STATUS_WORDS[value]! : null;
}

/** Sets a finding's status: false when there is no such finding. */
export async function markFinding(ctx: DomainContext, id: number, status: FindingStatus, caller?: Caller): Promise<boolean> {
  requireScanAccess(ctx, caller);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false;
  return setFindingStatus(ctx.db.prisma, id, status);
}

export async function findings(ctx: DomainContext, filter: FindingFilter, offset: number, limit: number, caller?: Caller): Promise<FindingRecord[]> {
  requireScanAccess(ctx, caller);
  return listFindings(reader(ctx), filter, offset, limit);
}

export async function findingCount(ctx: DomainContext, filter: FindingFilter, caller?: Caller): Promise<number> {
  requireScanAccess(ctx, caller);
  return countFindings(reader(ctx), filter);
}

export async function positionOfFinding(ctx: DomainContext, filter: FindingFilter, id: number, caller?: Caller): Promise<number | null> {
  requireScanAccess(ctx, caller);
  return findingPosition(reader(ctx), filter, id);
}

export async function finding(ctx: DomainContext, id: number, caller?: Caller): Promise<FindingRecord | null> {
  requireScanAccess(ctx, caller);
  return findingById(reader(ctx), id);
}

export async function updateScanOptions(ctx: DomainContext, input: ScanOptionsInput, caller?: Caller): Promise<ScanOptions> {
  requireScanAccess(ctx, caller);
  const state = await readState(ctx.db.prisma);
  const next = applyScanOptions(parseScanOptions(state.options), input);
  await ctx.db.prisma.securityScanState.update({ where: { id: STATE_ID }, data: { options: JSON.stringify(next) } });
  return next;
}

/** Wordfence's scan/issues lists: new findings (from `offset`) and ignored ones (the first 100), or the new ones alone (`pending`). */
export interface CentralIssues {
  count: number;
  lastScanTime: Date | null;
  pending: boolean;
  newItems: FindingRecord[];
  ignoredItems: FindingRecord[];
}

export async function centralIssues(ctx: DomainContext, group: string, offset: number, limit: number, caller?: Caller): Promise<CentralIssues> {
  requireScanAccess(ctx, caller);
  const db = reader(ctx);
  const state = await readState(db);
  const count = await countFindings(db, { statuses: ['new'] });
  const newItems = await listFindings(db, { statuses: ['new'] }, offset, limit);
  const pending = group === 'pending';
  const ignoredItems = pending ? [] : await listFindings(db, { statuses: ['ignoreP', 'ignoreC'] }, 0, 100);
  return { count, lastScanTime: state.lastScanTime, pending, newItems, ignoredItems };
}

/** Marking a finding that does not exist, where the face answers with an error (GraphQL). */
export function findingNotFound(): DomainError {
  return new DomainError('security_finding_not_found', 'Issue not found.', 404);
}

export function invalidStatus(): DomainError {
  return new DomainError('rest_invalid_param', 'Invalid parameter(s): issue', 400, { params: { issue: 'issue.status must be new, ignoreP, ignoreC, ignored or fixed.' } });
}
