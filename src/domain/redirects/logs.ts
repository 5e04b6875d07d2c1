/**
 * The redirect log and the 404 log for both faces (Red_Log::get_filtered, get_grouped, delete,
 * delete_all; api-log.php and api-404.php): filtered, ordered, paged lists of entries or of
 * entries grouped by ip, url or agent, and bulk deletion by id, by grouped value or by filter.
 *
 * Exported API (stable; the GraphQL face builds on it):
 * - listLogs(ctx, kind, query) -> LogList
 * - deleteLogs(ctx, kind, selection, query) -> LogList (the refreshed list, as the plugin answers)
 * - logFilterProblem / logGroupColumn / LOG_FILTERS / LOG_ORDERS / LOG_GROUP_BY (logs-query.ts)
 */
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import {
  LOG_TABLES, logFilterProblem, logGroupColumn, logWhere, orderColumn,
  type LogFilter, type LogGroupColumn, type LogKind,
} from './logs-query';
import { pageWindow } from './list-query';
import { notFoundLogRecord, redirectLogRecord } from './logs-records';
import { requireRedirects, type RedirectCapability } from './permissions';
import { isPhpNumeric, phpIntval } from './php-values';
import type { LogRecord } from './types';

export type { LogFilter, LogGroupColumn, LogKind } from './logs-query';

/** A list request as the routes take it (every field optional; the plugin's defaults apply). */
export interface LogListQuery {
  filterBy?: LogFilter;
  /** `url` or `ip` order by that column; anything else (`total`, `count`, "") newest first. */
  orderby?: string;
  direction?: string;
  /** 5 to 200; anything else means 25. */
  perPage?: number;
  /** 0-based. */
  page?: number;
  /** ip | url | agent (the 404 log also url-exact): a list of groups instead of entries. */
  groupBy?: unknown;
}

/** One group of a grouped list: how many entries share the value. */
export interface GroupedLogRow {
  count: number;
  value: string;
}

export type LogList =
  | { grouped: false; items: LogRecord[]; total: number }
  | { grouped: true; groupBy: LogGroupColumn; items: GroupedLogRow[]; total: number };

/** What a bulk delete removes: entries by id, or (with `groupBy`) every entry of the named groups; or, with `global`, everything the filter lists. */
export interface LogDeleteSelection {
  items?: readonly unknown[];
  global?: boolean;
}

const CAPABILITIES: Record<LogKind, { manage: RedirectCapability; remove: RedirectCapability }> = {
  redirect: { manage: 'log_manage', remove: 'log_delete' },
  '404': { manage: '404_manage', remove: '404_delete' },
};

interface Window {
  limit: number;
  offset: number;
  direction: 'ASC' | 'DESC';
}

function windowOf(query: LogListQuery): Window {
  const { take, skip } = pageWindow({ perPage: query.perPage, page: query.page });
  const direction = typeof query.direction === 'string' && query.direction.toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
  return { limit: take, offset: skip, direction };
}

function checkedFilter(kind: LogKind, filter: LogFilter | undefined): LogFilter | undefined {
  if (filter === undefined) return undefined;
  const problem = logFilterProblem(kind, filter);
  if (problem) throw new DomainError('rest_invalid_param', problem, 400);
  return filter;
}

/** The entries (or groups) of a log the viewer may read. */
export async function listLogs(ctx: DomainContext, kind: LogKind, query: LogListQuery = {}): Promise<LogList> {
  requireRedirects(ctx.viewer, CAPABILITIES[kind].manage);
  return readList(ctx, kind, query);
}

async function readList(ctx: DomainContext, kind: LogKind, query: LogListQuery): Promise<LogList> {
  const filter = checkedFilter(kind, query.filterBy);
  const window = windowOf(query);
  const provider = ctx.db.provider;
  const table = LOG_TABLES[kind];
  const where = logWhere(kind, filter, provider);
  const column = logGroupColumn(kind, query.groupBy);
  // A page past any offset the database can take is simply empty.
  const reachable = Number.isSafeInteger(window.offset);
  const direction = Prisma.raw(window.direction);
  // The logs are not cached (no answer reading them is kept): these reads carry no tags.
  if (column) {
    const group = Prisma.raw(`"${column}"`);
    const [rows, totals] = await Promise.all([
      reachable
        ? ctx.db.read.query<{ count: number | bigint | string; value: string }>(
            Prisma.sql`SELECT COUNT(*) AS "count", ${group} AS "value" FROM ${table} WHERE ${where} GROUP BY ${group} ORDER BY "count" ${direction}, ${orderColumn(column, provider)} ASC LIMIT ${window.limit} OFFSET ${window.offset}`,
          )
        : Promise.resolve([]),
      ctx.db.read.query<{ n: number | bigint | string }>(Prisma.sql`SELECT COUNT(DISTINCT ${group}) AS "n" FROM ${table} WHERE ${where}`),
    ]);
    return { grouped: true, groupBy: column, items: rows.map((row) => ({ count: Number(row.count), value: String(row.value) })), total: Number(totals[0]?.n ?? 0) };
  }
  const orderby = query.orderby === 'url' || query.orderby === 'ip' ? query.orderby : 'id';
  const order = orderby === 'id' ? Prisma.sql`"id" ${direction}` : Prisma.sql`${orderColumn(orderby, provider)} ${direction}, "id" ${direction}`;
  const [ids, totals] = await Promise.all([
    reachable
      ? ctx.db.read.query<{ id: number | bigint }>(Prisma.sql`SELECT "id" FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`)
      : Promise.resolve([]),
    ctx.db.read.query<{ n: number | bigint | string }>(Prisma.sql`SELECT COUNT(*) AS "n" FROM ${table} WHERE ${where}`),
  ]);
  const wanted = ids.map((row) => Number(row.id));
  const records = await recordsByIds(ctx, kind, wanted);
  const items = wanted.map((id) => records.get(id)).filter((record): record is LogRecord => record !== undefined);
  return { grouped: false, items, total: Number(totals[0]?.n ?? 0) };
}

async function recordsByIds(ctx: DomainContext, kind: LogKind, ids: number[]): Promise<Map<number, LogRecord>> {
  const out = new Map<number, LogRecord>();
  if (!ids.length) return out;
  if (kind === 'redirect') for (const row of await ctx.db.read.redirectLog.findMany({ where: { id: { in: ids } } })) out.set(row.id, redirectLogRecord(row));
  else for (const row of await ctx.db.read.notFoundLog.findMany({ where: { id: { in: ids } } })) out.set(row.id, notFoundLogRecord(row));
  return out;
}

/** Column a grouped value is deleted by: the url (exactly) unless the list is grouped by ip or agent. */
function deleteColumn(groupBy: unknown): LogGroupColumn {
  return groupBy === 'ip' || groupBy === 'agent' ? groupBy : 'url';
}

const ID_CHUNK = 500;

/**
 * Deletes log entries, all or nothing, then answers the list for `query` (the plugin's route_bulk):
 * numeric items are entry ids; other items, when `query.groupBy` is given, are grouped values whose
 * entries all go (by url unless grouped by ip or agent); without items, `global` deletes every entry
 * `query.filterBy` matches (all of them when there is no filter).
 */
export async function deleteLogs(ctx: DomainContext, kind: LogKind, selection: LogDeleteSelection, query: LogListQuery = {}): Promise<LogList> {
  requireRedirects(ctx.viewer, CAPABILITIES[kind].remove);
  const filter = checkedFilter(kind, query.filterBy);
  const table = LOG_TABLES[kind];
  let listed = query;
  if (Array.isArray(selection.items)) {
    const ids: number[] = [];
    const values: string[] = [];
    for (const item of selection.items) {
      if (isPhpNumeric(item)) {
        const id = phpIntval(item);
        // Ids are positive 32-bit integers: any other number names no entry.
        if (id > 0 && id <= 2147483647) ids.push(id);
      }
      else if (query.groupBy !== undefined && query.groupBy !== null && (typeof item === 'string' || typeof item === 'boolean')) values.push(String(item));
    }
    const column = Prisma.raw(`"${deleteColumn(query.groupBy)}"`);
    await ctx.db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < ids.length; i += ID_CHUNK) {
        const chunk = ids.slice(i, i + ID_CHUNK);
        if (kind === 'redirect') await tx.redirectLog.deleteMany({ where: { id: { in: chunk } } });
        else await tx.notFoundLog.deleteMany({ where: { id: { in: chunk } } });
      }
      for (let i = 0; i < values.length; i += ID_CHUNK) {
        await tx.$executeRaw(Prisma.sql`DELETE FROM ${table} WHERE ${column} IN (${Prisma.join(values.slice(i, i + ID_CHUNK))})`);
      }
    });
    // The 404 log answers a url-exact grouped delete with the plain list (api-404.php).
    if (kind === '404' && query.groupBy === 'url-exact') listed = { ...query, groupBy: undefined };
  } else if (selection.global) {
    await ctx.db.prisma.$executeRaw(Prisma.sql`DELETE FROM ${table} WHERE ${logWhere(kind, filter, ctx.db.provider)}`);
  }
  return readList(ctx, kind, listed);
}
