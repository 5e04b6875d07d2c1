/**
 * Reading the security log, newest first, optionally one type of event: for administrators
 * (manage_options) through GraphQL, and for operators through the CLI (which has no viewer:
 * `readSecurityLog`). A position is a keyset count (entries newer than the one named), so a
 * cursor keeps its place while new events arrive.
 */
import type { Database } from '../../db/client';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { SECURITY_EVENT_TYPES, type SecurityEventType } from './log';

export interface SecurityLogRecord {
  id: number;
  createdAt: Date;
  type: string;
  message: string;
  ip: string;
  user: string;
  /** The stored JSON object of details. */
  details: string;
}

export interface SecurityLogQuery {
  type?: SecurityEventType | null;
}

export function isSecurityEventType(value: unknown): value is SecurityEventType {
  return typeof value === 'string' && (SECURITY_EVENT_TYPES as readonly string[]).includes(value);
}

function assertAdministrator(ctx: DomainContext): void {
  if (!ctx.viewer.can('manage_options')) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to read the security log.', ctx.viewer);
}

function whereOf(query: SecurityLogQuery): { type?: string } {
  return query.type ? { type: query.type } : {};
}

/** Entries `offset` to `offset + limit`, newest first (no permission check: operators' tools). */
export async function readSecurityLog(db: Database, query: SecurityLogQuery, offset: number, limit: number): Promise<SecurityLogRecord[]> {
  if (limit <= 0) return [];
  return db.read.securityLogEntry.findMany({ where: whereOf(query), orderBy: { id: 'desc' }, skip: offset, take: limit });
}

export async function listSecurityLog(ctx: DomainContext, query: SecurityLogQuery, offset: number, limit: number): Promise<SecurityLogRecord[]> {
  assertAdministrator(ctx);
  return readSecurityLog(ctx.db, query, offset, limit);
}

export async function countSecurityLog(ctx: DomainContext, query: SecurityLogQuery): Promise<number> {
  assertAdministrator(ctx);
  return ctx.db.read.securityLogEntry.count({ where: whereOf(query) });
}

/** Where the entry stands in the list (0-based), or null when it is not in it. */
export async function securityLogPosition(ctx: DomainContext, query: SecurityLogQuery, id: number): Promise<number | null> {
  assertAdministrator(ctx);
  const entry = await ctx.db.read.securityLogEntry.findMany({ where: { ...whereOf(query), id }, select: { id: true } });
  if (!entry.length) return null;
  return ctx.db.read.securityLogEntry.count({ where: { ...whereOf(query), id: { gt: id } } });
}

/** One entry (administrators); null when there is none. */
export async function securityLogEntry(ctx: DomainContext, id: number): Promise<SecurityLogRecord | null> {
  assertAdministrator(ctx);
  const rows = await ctx.db.read.securityLogEntry.findMany({ where: { id } });
  return rows[0] ?? null;
}

/** The event type a filter names, or a 400 for one that is not a type. */
export function securityLogType(value: unknown): SecurityEventType | null {
  if (value === null || value === undefined || value === '') return null;
  if (isSecurityEventType(value)) return value;
  throw new DomainError('rest_invalid_param', `Invalid parameter(s): type`, 400, { params: { type: `type is not one of ${SECURITY_EVENT_TYPES.join(', ')}.` } });
}
