/**
 * The scan's lease, in its one state row: a scan is claimed with one conditional UPDATE (only one
 * of any number of racing instances matches), renewed by its runner while it works, and lapses
 * when the runner's process dies — then a starting instance resumes it at its next step. Every
 * write names the runner's token, so a runner that lost its lease changes nothing.
 */
import type { Prisma, PrismaClient } from '../../../db/client';

export const STATE_ID = 1;
/** How long a lease lasts without renewal; the runner renews it every LEASE_MS / 4. */
export const LEASE_MS = 60_000;

type Client = PrismaClient | Prisma.TransactionClient;
export type ScanStateRow = Awaited<ReturnType<PrismaClient['securityScanState']['findUniqueOrThrow']>>;

export async function readState(client: Pick<Client, 'securityScanState'>): Promise<ScanStateRow> {
  return client.securityScanState.findUniqueOrThrow({ where: { id: STATE_ID } });
}

const lease = (now: Date) => new Date(now.getTime() + LEASE_MS);
/** Idle, or running under a lease that has lapsed. */
const claimable = (now: Date) => ({ id: STATE_ID, OR: [{ status: { not: 'running' } }, { leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] });

/** Starts a new scan for `owner`: its scan id, or null when another scan holds the lease. */
export async function claimNewScan(prisma: PrismaClient, owner: string, steps: number, now = new Date()): Promise<number | null> {
  const claimed = await prisma.securityScanState.updateMany({
    where: claimable(now),
    data: { status: 'running', scanId: { increment: 1 }, leaseOwner: owner, leaseExpiresAt: lease(now), stopRequested: false, step: 0, steps, startedAt: now, finishedAt: null, lastError: '' },
  });
  if (claimed.count !== 1) return null;
  const state = await readState(prisma);
  return state.leaseOwner === owner ? state.scanId : null;
}

/** Takes over a running scan whose lease lapsed (its runner died): where it stands, or null. */
export async function claimAbandonedScan(prisma: PrismaClient, owner: string, now = new Date()): Promise<{ scanId: number; step: number } | null> {
  const claimed = await prisma.securityScanState.updateMany({
    where: { id: STATE_ID, status: 'running', OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] },
    data: { leaseOwner: owner, leaseExpiresAt: lease(now) },
  });
  if (claimed.count !== 1) return null;
  const state = await readState(prisma);
  return state.leaseOwner === owner && state.status === 'running' ? { scanId: state.scanId, step: state.step } : null;
}

export type Checkpoint = 'go' | 'stop' | 'lost';

/** Records that `step` is next and renews the lease; says whether to go on, stop (asked to) or give up (lease lost). */
export async function checkpoint(prisma: PrismaClient, owner: string, step: number, now = new Date()): Promise<Checkpoint> {
  const mine = { id: STATE_ID, status: 'running', leaseOwner: owner };
  const going = await prisma.securityScanState.updateMany({ where: { ...mine, stopRequested: false }, data: { step, leaseExpiresAt: lease(now) } });
  if (going.count === 1) return 'go';
  const held = await prisma.securityScanState.count({ where: mine });
  return held === 1 ? 'stop' : 'lost';
}

/** Keeps the lease while a long step runs. */
export async function renewLease(prisma: PrismaClient, owner: string, now = new Date()): Promise<boolean> {
  const renewed = await prisma.securityScanState.updateMany({ where: { id: STATE_ID, status: 'running', leaseOwner: owner }, data: { leaseExpiresAt: lease(now) } });
  return renewed.count === 1;
}

export type ScanResult = 'complete' | 'stopped' | 'failed';

/** Ends the scan `owner` runs. */
export async function finishScan(prisma: PrismaClient, owner: string, result: ScanResult, error = '', now = new Date()): Promise<boolean> {
  const done = await prisma.securityScanState.updateMany({
    where: { id: STATE_ID, status: 'running', leaseOwner: owner },
    data: { status: 'idle', leaseOwner: '', leaseExpiresAt: null, stopRequested: false, finishedAt: now, lastResult: result, lastError: error.slice(0, 500), ...(result === 'complete' ? { lastScanTime: now } : {}) },
  });
  return done.count === 1;
}

/** Lets the lease lapse now (the server is closing mid-scan): the next instance to start resumes the scan. */
export async function releaseLease(prisma: PrismaClient, owner: string, now = new Date()): Promise<void> {
  await prisma.securityScanState.updateMany({ where: { id: STATE_ID, status: 'running', leaseOwner: owner }, data: { leaseExpiresAt: new Date(now.getTime() - 1) } });
}

/**
 * Asks the running scan to stop (its runner stops before its next step). A scan nobody runs (its
 * lease lapsed) is stopped at once, as Wordfence clears its scan lock.
 */
export async function requestStop(prisma: PrismaClient, now = new Date()): Promise<'stopped' | 'requested' | 'idle'> {
  const orphan = await prisma.securityScanState.updateMany({
    where: { id: STATE_ID, status: 'running', OR: [{ leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }] },
    data: { status: 'idle', leaseOwner: '', leaseExpiresAt: null, stopRequested: false, finishedAt: now, lastResult: 'stopped' },
  });
  if (orphan.count === 1) return 'stopped';
  const asked = await prisma.securityScanState.updateMany({ where: { id: STATE_ID, status: 'running' }, data: { stopRequested: true } });
  return asked.count === 1 ? 'requested' : 'idle';
}
