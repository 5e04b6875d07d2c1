/**
 * Where one redirect or group stands in a filtered, ordered list (0-based), or null when the list
 * does not hold it: a count of the rows the list's order puts before it (the same filters and
 * ORDER BY as listRedirects and listGroups), so a client's cursor keeps naming its item wherever
 * writes have moved it (the GraphQL face pages by these).
 */
import type { Prisma } from '../../db/client';
import type { DomainContext } from '../context';
import { canRedirects, requireRedirects } from './permissions';
import { groupWhere } from './groups';
import type { Direction, ListQuery } from './list-query';
import { redirectWhere } from './redirect-where';

const isId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2147483647;

/** `field` before `value` in this direction: smaller ascending, larger descending. */
function before<T>(dir: Direction, value: T): { lt: T } | { gt: T } {
  return dir === 'asc' ? { lt: value } : { gt: value };
}

type RedirectKeys = { id: number; url: string; hits: number; position: number; lastAccess: Date | null };

/** The rows listRedirects's order (redirectOrder) puts before `row`. */
function redirectsBefore(orderby: string | undefined, dir: Direction, row: RedirectKeys): Prisma.RedirectWhereInput {
  const byId = { id: before(dir, row.id) };
  switch (orderby) {
    case 'source':
      return { OR: [{ url: before(dir, row.url) }, { url: row.url, ...byId }] };
    case 'last_count':
      return { OR: [{ hits: before(dir, row.hits) }, { hits: row.hits, ...byId }] };
    case 'position':
      return { OR: [{ position: before(dir, row.position) }, { position: row.position, ...byId }] };
    case 'last_access': {
      // Never-hit redirects count as the oldest: first ascending, last descending.
      if (row.lastAccess === null) return dir === 'asc' ? { lastAccess: null, ...byId } : { OR: [{ lastAccess: { not: null } }, { lastAccess: null, ...byId }] };
      const earlier = { OR: [{ lastAccess: before(dir, row.lastAccess) }, { lastAccess: row.lastAccess, ...byId }] };
      return dir === 'asc' ? { OR: [{ lastAccess: null }, earlier] } : earlier;
    }
    default:
      return byId;
  }
}

export async function redirectPosition(ctx: DomainContext, query: ListQuery, id: number): Promise<number | null> {
  requireRedirects(ctx.viewer, 'redirect_manage');
  if (!isId(id)) return null;
  const where = redirectWhere(query.filterBy, ctx.db.provider);
  const [row] = await ctx.db.read.redirect.findMany({ where: { AND: [where, { id }] }, select: { id: true, url: true, hits: true, position: true, lastAccess: true } });
  if (!row) return null;
  const dir: Direction = query.direction === 'asc' ? 'asc' : 'desc';
  return ctx.db.read.redirect.count({ where: { AND: [where, redirectsBefore(query.orderby, dir, row)] } });
}

export async function groupPosition(ctx: DomainContext, query: ListQuery, id: number): Promise<number | null> {
  if (!canRedirects(ctx.viewer, 'group_manage') && !canRedirects(ctx.viewer, 'redirect_manage')) requireRedirects(ctx.viewer, 'group_manage');
  if (!isId(id)) return null;
  const where = groupWhere(query.filterBy, ctx.db.provider);
  const [row] = await ctx.db.read.redirectGroup.findMany({ where: { AND: [where, { id }] }, select: { id: true, name: true } });
  if (!row) return null;
  const dir: Direction = query.direction === 'asc' ? 'asc' : 'desc';
  const byId = { id: before(dir, row.id) };
  const earlier: Prisma.RedirectGroupWhereInput = query.orderby === 'id' ? byId : { OR: [{ name: before(dir, row.name) }, { name: row.name, ...byId }] };
  return ctx.db.read.redirectGroup.count({ where: { AND: [where, earlier] } });
}
