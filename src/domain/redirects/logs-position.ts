/**
 * Where one log entry stands in a filtered, ordered log list (0-based; listLogs's filters and
 * order), or null when the list does not hold it: a count of the entries ordered before it, so a
 * cursor keeps naming its entry while new hits are logged (the GraphQL face pages by it).
 */
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { LOG_TABLES, logFilterProblem, logWhere, orderColumn, type LogKind } from './logs-query';
import type { LogListQuery } from './logs';
import { requireRedirects } from './permissions';

export async function logPosition(ctx: DomainContext, kind: LogKind, query: LogListQuery, id: number): Promise<number | null> {
  requireRedirects(ctx.viewer, kind === 'redirect' ? 'log_manage' : '404_manage');
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) return null;
  const problem = query.filterBy === undefined ? null : logFilterProblem(kind, query.filterBy);
  if (problem) throw new DomainError('rest_invalid_param', problem, 400);
  const table = LOG_TABLES[kind];
  const where = logWhere(kind, query.filterBy, ctx.db.provider);
  const [row] = await ctx.db.read.query<{ id: number | bigint; url: string; ip: string }>(Prisma.sql`SELECT "id", "url", "ip" FROM ${table} WHERE ${where} AND "id" = ${id}`);
  if (!row) return null;
  const asc = typeof query.direction === 'string' && query.direction.toUpperCase() === 'ASC';
  const cmp = Prisma.raw(asc ? '<' : '>');
  const byId = Prisma.sql`"id" ${cmp} ${Number(row.id)}`;
  const orderby = query.orderby === 'url' || query.orderby === 'ip' ? query.orderby : null;
  let earlier = byId;
  if (orderby) {
    // The list orders text byte by byte (orderColumn): so does the comparison.
    const column = orderColumn(orderby, ctx.db.provider);
    const value = orderby === 'url' ? row.url : row.ip;
    earlier = Prisma.sql`(${column} ${cmp} ${value} OR (${column} = ${value} AND ${byId}))`;
  }
  const [count] = await ctx.db.read.query<{ n: number | bigint | string }>(Prisma.sql`SELECT COUNT(*) AS "n" FROM ${table} WHERE ${where} AND ${earlier}`);
  return Number(count?.n ?? 0);
}
