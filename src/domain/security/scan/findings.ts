/**
 * The findings store (Wordfence's wfIssues table): one row per problem, identified by `ignoreP`
 * (type, record and what within it), so a problem found again is the same finding. As
 * wfIssues::addIssue decides: an `ignoreP` finding stays ignored; an `ignoreC` one stays ignored
 * while the offending value is unchanged (`ignoreC` also covers it) and comes back as new when it
 * changes; a fixed one found again is new again. A scan that runs to its end marks the new findings
 * it did not see again as fixed: the problem is gone.
 */
import type { Prisma, PrismaClient } from '../../../db/client';
import { digest } from './field-findings';
import type { FindingDraft, FindingStatus } from './types';

type Reader = Pick<PrismaClient | Prisma.TransactionClient, 'securityFinding'>;

export interface FindingRecord {
  id: number;
  type: string;
  severity: number;
  status: FindingStatus;
  ignoreP: string;
  ignoreC: string;
  shortMsg: string;
  longMsg: string;
  data: Record<string, unknown>;
  recordKind: string;
  recordId: string;
  scanId: number;
  time: Date;
  lastUpdated: Date;
}

type Row = Awaited<ReturnType<PrismaClient['securityFinding']['findFirstOrThrow']>>;

function recordOf(row: Row): FindingRecord {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    // A damaged row still lists, without its details.
  }
  return { ...row, status: row.status as FindingStatus, data };
}

export function ignoreKeys(draft: FindingDraft): { ignoreP: string; ignoreC: string } {
  const ignoreP = digest(`${draft.type}|${draft.record.kind}|${draft.record.id}|${draft.key}`);
  return { ignoreP, ignoreC: digest(`${ignoreP}|${draft.value}`) };
}

export type RecordOutcome = 'added' | 'known' | 'ignored';

/** Stores what a scan found: `added` when it is a new problem (or one back after a fix or a change). */
export async function recordFinding(prisma: PrismaClient, scanId: number, draft: FindingDraft, now = new Date()): Promise<{ outcome: RecordOutcome; id: number }> {
  const { ignoreP, ignoreC } = ignoreKeys(draft);
  const fields = { type: draft.type, severity: draft.severity, shortMsg: draft.shortMsg, longMsg: draft.longMsg, data: JSON.stringify({ ...draft.data, recordKind: draft.record.kind, recordId: draft.record.id }), recordKind: draft.record.kind, recordId: draft.record.id, scanId, lastUpdated: now };
  const row = await prisma.securityFinding.findUnique({ where: { ignoreP } });
  if (!row) {
    const created = await prisma.securityFinding.create({ data: { ...fields, ignoreP, ignoreC, status: 'new', time: now } });
    return { outcome: 'added', id: created.id };
  }
  if (row.status === 'ignoreP' || (row.status === 'ignoreC' && row.ignoreC === ignoreC)) return { outcome: 'ignored', id: row.id };
  if (row.status === 'new') {
    await prisma.securityFinding.update({ where: { id: row.id }, data: { ...fields, ignoreC } });
    return { outcome: 'known', id: row.id };
  }
  // Fixed and back, or ignored until changed and changed: a new finding again.
  await prisma.securityFinding.update({ where: { id: row.id }, data: { ...fields, ignoreC, status: 'new', time: now } });
  return { outcome: 'added', id: row.id };
}

/** After a whole scan: new findings it did not see again are fixed. */
export async function markGoneAsFixed(prisma: PrismaClient, scanId: number, now = new Date()): Promise<number> {
  const done = await prisma.securityFinding.updateMany({ where: { status: 'new', scanId: { not: scanId } }, data: { status: 'fixed', lastUpdated: now } });
  return done.count;
}

export interface FindingFilter {
  statuses?: readonly FindingStatus[];
  severities?: readonly number[];
  types?: readonly string[];
}

function whereOf(filter: FindingFilter): Prisma.SecurityFindingWhereInput {
  const where: Prisma.SecurityFindingWhereInput = {};
  if (filter.statuses) where.status = { in: [...filter.statuses] };
  if (filter.severities) where.severity = { in: [...filter.severities] };
  if (filter.types) where.type = { in: [...filter.types] };
  return where;
}

/** Most severe first, then newest (by id). */
const ORDER: Prisma.SecurityFindingOrderByWithRelationInput[] = [{ severity: 'desc' }, { id: 'desc' }];

export async function listFindings(client: Reader, filter: FindingFilter, offset: number, limit: number): Promise<FindingRecord[]> {
  if (limit <= 0) return [];
  const rows = await client.securityFinding.findMany({ where: whereOf(filter), orderBy: ORDER, skip: offset, take: limit });
  return rows.map(recordOf);
}

export async function countFindings(client: Reader, filter: FindingFilter): Promise<number> {
  return client.securityFinding.count({ where: whereOf(filter) });
}

/** Where finding `id` stands in the filtered list (0-based), or null when it is not in it. */
export async function findingPosition(client: Reader, filter: FindingFilter, id: number): Promise<number | null> {
  const row = await client.securityFinding.findFirst({ where: { ...whereOf(filter), id } });
  if (!row) return null;
  return client.securityFinding.count({ where: { AND: [whereOf(filter), { OR: [{ severity: { gt: row.severity } }, { severity: row.severity, id: { gt: row.id } }] }] } });
}

export async function findingById(client: Reader, id: number): Promise<FindingRecord | null> {
  const row = await client.securityFinding.findUnique({ where: { id } });
  return row ? recordOf(row) : null;
}

/** Sets a finding's status; false when there is no such finding. */
export async function setFindingStatus(prisma: PrismaClient, id: number, status: FindingStatus, now = new Date()): Promise<boolean> {
  const done = await prisma.securityFinding.updateMany({ where: { id }, data: { status, lastUpdated: now } });
  return done.count === 1;
}
