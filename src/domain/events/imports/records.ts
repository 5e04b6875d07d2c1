/**
 * Import records: starting one (who may), reading one, listing them, and the per-record shared
 * secret — the hash the next batch must carry (Record__Abstract::generate_next_batch_hash), compared
 * in constant time and failing closed when none is stored.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DomainContext } from '../../context';
import { DomainError, forbidden } from '../../errors';
import { isStorableId } from '../../terms/loaders';
import { canPublishEvents } from '../permissions';
import type { ImportOrigin, ImportRecord } from './types';

/** An import id: word characters only, as the callback routes' `{import_id}` requires. */
export const newImportId = (): string => randomBytes(16).toString('hex');
export const newBatchHash = (): string => randomBytes(20).toString('hex');

/** Importing writes published events: it needs the events type's publish capability. */
export function canImportEvents(ctx: DomainContext): boolean {
  return canPublishEvents(ctx.viewer);
}

export function assertCanImport(ctx: DomainContext): void {
  if (!canImportEvents(ctx)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to import events.', ctx.viewer);
}

export function importNotFound(): DomainError {
  return new DomainError('rest_import_invalid_id', 'Invalid import ID.', 404);
}

/** hash_equals(): true only when a hash is stored and the given one is the same string. */
export function sameHash(expected: string | null | undefined, given: unknown): boolean {
  if (typeof expected !== 'string' || expected === '' || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface NewImport {
  origin: ImportOrigin;
  source: string;
}

/** A pending import owned by the viewer, with its first batch hash. */
export async function createImportRecord(ctx: DomainContext, input: NewImport): Promise<ImportRecord> {
  assertCanImport(ctx);
  return ctx.db.prisma.eventImport.create({
    data: { id: newImportId(), origin: input.origin, source: input.source.slice(0, 2048), status: 'pending', nextBatchHash: newBatchHash(), authorId: ctx.viewer.id },
  });
}

/** One import record, for those who may import. */
export async function getImport(ctx: DomainContext, id: string): Promise<ImportRecord> {
  assertCanImport(ctx);
  const record = typeof id === 'string' && /^\w+$/.test(id) ? await ctx.db.read.eventImport.findUnique({ where: { id } }) : null;
  if (!record) throw importNotFound();
  return record;
}

export interface ImportListQuery {
  page: number;
  perPage: number;
  status?: string;
}

/** Import records, newest first, with their total. */
export async function listImports(ctx: DomainContext, query: ImportListQuery): Promise<{ records: ImportRecord[]; total: number }> {
  assertCanImport(ctx);
  const where = query.status ? { status: query.status } : {};
  const [records, total] = await Promise.all([
    ctx.db.read.eventImport.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (query.page - 1) * query.perPage, take: query.perPage }),
    ctx.db.read.eventImport.count({ where }),
  ]);
  return { records, total };
}

/** A pending record by import id (Base::is_valid_import_id), or null. */
export async function pendingImport(ctx: DomainContext, id: unknown): Promise<ImportRecord | null> {
  if (typeof id !== 'string' || !/^\w+$/.test(id)) return null;
  const record = await ctx.db.read.eventImport.findUnique({ where: { id } });
  return record && record.status === 'pending' ? record : null;
}

/** The user an import writes as (its author), if the account still exists. */
export async function importAuthor(ctx: DomainContext, record: ImportRecord) {
  return isStorableId(record.authorId) ? ctx.db.read.user.findUnique({ where: { id: record.authorId } }) : null;
}
