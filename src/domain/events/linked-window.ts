/**
 * Venues and organizers as ordered lists a cursor can page through (WPGraphQL's post-object
 * connections over tribe_venue / tribe_organizer): WordPress's post filters, its default order
 * (date, latest first), and where a record stands, counted from its own values on the order's
 * columns so that a cursor keeps its place when records are inserted.
 */
import type { Prisma } from '../../db/client';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { contentById } from '../posts/loaders';
import { parseSearch, searchWhere } from '../search/wp-query';
import { isStorableId } from '../terms/loaders';
import { organizerById, venueById } from './loaders';
import { LINKED_TYPE, type LinkedKind, type OrganizerRecord, type VenueRecord } from './types';

export type LinkedOrderField = 'date' | 'modified' | 'title' | 'slug' | 'authorId' | 'parentId' | 'menuOrder' | 'commentCount' | 'in' | 'slugIn';

export interface LinkedWindowQuery {
  kind: LinkedKind;
  statuses: string[];
  ids?: number[];
  excludeIds?: number[];
  slugs?: string[];
  title?: string;
  search?: string;
  authors?: number[];
  authorsNotIn?: number[];
  parentIn?: number[];
  parentNotIn?: number[];
  hasPassword?: boolean;
  password?: string;
  template?: string;
  mimeType?: string;
  /** Only those linked to this event. */
  event?: number;
  order: Array<{ field: LinkedOrderField; direction: 'asc' | 'desc' }>;
}

const safe = (ids: readonly number[]) => ids.map((id) => (isStorableId(id) ? id : -1));

async function whereOf(ctx: DomainContext, q: LinkedWindowQuery): Promise<Prisma.ContentWhereInput> {
  const type = LINKED_TYPE[q.kind];
  const and: Prisma.ContentWhereInput[] = [{ type }, { status: { in: q.statuses } }];
  if (q.ids) and.push({ id: { in: safe(q.ids) } });
  if (q.excludeIds?.length) and.push({ id: { notIn: safe(q.excludeIds) } });
  if (q.slugs) and.push({ slug: { in: q.slugs } });
  if (q.title !== undefined) and.push({ title: q.title });
  if (q.authors) and.push({ authorId: { in: safe(q.authors) } });
  if (q.authorsNotIn?.length) and.push({ authorId: { notIn: safe(q.authorsNotIn) } });
  if (q.parentIn) and.push({ parentId: { in: safe(q.parentIn) } });
  if (q.parentNotIn?.length) and.push({ parentId: { notIn: safe(q.parentNotIn) } });
  if (q.hasPassword !== undefined) and.push(q.hasPassword ? { password: { not: '' } } : { password: '' });
  if (q.password !== undefined) and.push({ password: q.password });
  if (q.template !== undefined) and.push({ template: q.template });
  if (q.mimeType !== undefined) and.push({ mimeType: q.mimeType });
  if (q.event !== undefined) {
    const links = q.kind === 'venue' ? 'venueEvents' : 'organizerEvents';
    and.push({ [links]: { some: { eventId: isStorableId(q.event) ? q.event : -1 } } });
  }
  if (q.search) and.push(await searchWhere(ctx, parseSearch(q.search), { anonymous: ctx.viewer.isAnonymous }, { types: [type] }));
  return { AND: and };
}

type Key = { field: keyof Content; direction: 'asc' | 'desc' };

const FIELD: Record<Exclude<LinkedOrderField, 'in' | 'slugIn'>, keyof Content> = {
  date: 'date', modified: 'modified', title: 'title', slug: 'slug', authorId: 'authorId', parentId: 'parentId', menuOrder: 'menuOrder', commentCount: 'commentCount',
};

/** The order's keys (WordPress's default: date DESC), ending with the id so the order is total. */
function keysOf(q: LinkedWindowQuery): Key[] {
  const order = q.order.filter((o) => o.field !== 'in' && o.field !== 'slugIn');
  const keys: Key[] = (order.length ? order : [{ field: 'date' as const, direction: 'desc' as const }]).map((o) => ({ field: FIELD[o.field as keyof typeof FIELD], direction: o.direction }));
  return [...keys, { field: 'id', direction: keys[keys.length - 1].direction }];
}

/** `in` / `nameIn` orders follow the given list: those lists are short, ordered in memory. */
function listOrder(q: LinkedWindowQuery): ((row: Pick<Content, 'id' | 'slug'>) => number) | null {
  const first = q.order[0];
  if (first?.field === 'in' && q.ids) return (row) => q.ids!.indexOf(row.id);
  if (first?.field === 'slugIn' && q.slugs) return (row) => q.slugs!.indexOf(row.slug);
  return null;
}

async function orderedIds(ctx: DomainContext, q: LinkedWindowQuery, offset: number, limit: number): Promise<number[]> {
  const where = await whereOf(ctx, q);
  const rank = listOrder(q);
  if (rank) {
    const rows = await ctx.db.read.content.findMany({ where, select: { id: true, slug: true } });
    return rows.sort((a, b) => rank(a) - rank(b) || a.id - b.id).slice(offset, offset + limit).map((r) => r.id);
  }
  const rows = await ctx.db.read.content.findMany({ where, orderBy: keysOf(q).map((k) => ({ [k.field]: k.direction })), skip: offset, take: limit, select: { id: true } });
  return rows.map((r) => r.id);
}

export async function linkedWindow(ctx: DomainContext, q: LinkedWindowQuery, offset: number, limit: number): Promise<Array<VenueRecord | OrganizerRecord>> {
  const ids = await orderedIds(ctx, q, offset, limit);
  const loader = q.kind === 'venue' ? venueById(ctx) : organizerById(ctx);
  return (await loader.loadMany(ids)).filter((r): r is VenueRecord | OrganizerRecord => r !== null && !(r instanceof Error));
}

export async function linkedWindowCount(ctx: DomainContext, q: LinkedWindowQuery): Promise<number> {
  return ctx.db.read.content.count({ where: await whereOf(ctx, q) });
}

/** Where the record stands (0-based), or null when it is not in the list: a count of those before it. */
export async function linkedWindowPosition(ctx: DomainContext, q: LinkedWindowQuery, id: number): Promise<number | null> {
  if (!isStorableId(id)) return null;
  const where = await whereOf(ctx, q);
  if (!(await ctx.db.read.content.count({ where: { AND: [where, { id }] } }))) return null;
  const rank = listOrder(q);
  if (rank) {
    const rows = await ctx.db.read.content.findMany({ where, select: { id: true, slug: true } });
    const sorted = rows.sort((a, b) => rank(a) - rank(b) || a.id - b.id);
    return sorted.findIndex((r) => r.id === id);
  }
  const item = await contentById(ctx).load(id);
  if (!item) return null;
  const keys = keysOf(q);
  const before: Prisma.ContentWhereInput[] = keys.map((key, i) => ({
    AND: [...keys.slice(0, i).map((k) => ({ [k.field]: item[k.field] })), { [key.field]: { [key.direction === 'asc' ? 'lt' : 'gt']: item[key.field] } }],
  }));
  return ctx.db.read.content.count({ where: { AND: [where, { OR: before }] } });
}
