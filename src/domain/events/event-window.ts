/**
 * Events as an ordered list a cursor can page through (ql-events' `events` connection): the
 * archive's filters (query.ts) in any of WPGraphQL's orders — by default the event start, latest
 * first, as ql-events — and where an event stands in that order, counted from its own values on
 * the order's columns (a keyset COUNT), so a cursor keeps its place when events are inserted.
 */
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { siteOptionsOf } from '../settings/options';
import { isStorableId } from '../terms/loaders';
import { conditions, listTagsOf, withDescendants, type EventListQuery } from './query';
import { eventById } from './loaders';
import { canEditEvents } from './permissions';
import type { EventRecord } from './types';

export type EventOrderField = 'start' | 'end' | 'date' | 'modified' | 'title' | 'slug' | 'author' | 'parent' | 'menuOrder' | 'commentCount' | 'in' | 'slugIn';

export interface EventOrder {
  field: EventOrderField;
  direction: 'asc' | 'desc';
}

/** A filtered list of events in an order; `order` empty: the event start, latest first. */
export type EventWindowQuery = Omit<EventListQuery, 'page' | 'perPage' | 'offset'> & { order: EventOrder[] };

/** ql-events' default order: event_date DESC. */
export const DEFAULT_EVENT_ORDER: EventOrder[] = [{ field: 'start', direction: 'desc' }];

/**
 * The statuses a list is read with: `publish` unless others are asked for, and those others only
 * for viewers who may edit events (anyone else gets nothing for them, as ql-events).
 */
export function listStatusesFor(ctx: DomainContext, requested: readonly string[] | undefined): string[] {
  if (!requested?.length) return ['publish'];
  const editor = canEditEvents(ctx.viewer);
  return [...new Set(requested.filter((s) => s === 'publish' || editor))];
}

type Column = (c: string, e: string) => Prisma.Sql;

function caseOf(column: string, values: readonly (string | number)[]): Column {
  return (c) => {
    if (!values.length) return Prisma.sql`0`;
    const whens = values.map((v, i) => Prisma.sql`WHEN ${v} THEN ${Prisma.raw(String(i))}`);
    return Prisma.sql`(CASE ${Prisma.raw(`${c}."${column}"`)} ${Prisma.join(whens, ' ')} ELSE ${Prisma.raw(String(values.length))} END)`;
  };
}

function columnOf(field: EventOrderField, query: EventWindowQuery): Column {
  const plain = (table: 'c' | 'e', name: string): Column => (c, e) => Prisma.raw(`${table === 'c' ? c : e}."${name}"`);
  switch (field) {
    case 'start': return plain('e', 'startUtc');
    case 'end': return plain('e', 'endUtc');
    case 'date': return plain('c', 'date');
    case 'modified': return plain('c', 'modified');
    case 'title': return plain('c', 'title');
    case 'slug': return plain('c', 'slug');
    case 'author': return plain('c', 'authorId');
    case 'parent': return plain('c', 'parentId');
    case 'menuOrder': return plain('c', 'menuOrder');
    case 'commentCount': return plain('c', 'commentCount');
    case 'in': return caseOf('id', (query.include ?? []).filter(isStorableId));
    case 'slugIn': return caseOf('slug', query.slugs ?? []);
  }
}

/** The order's keys, ending with the id (in the last key's direction) so the order is total. */
function keysOf(query: EventWindowQuery): Array<{ column: Column; direction: 'asc' | 'desc' }> {
  const order = query.order.length ? query.order : DEFAULT_EVENT_ORDER;
  const keys = order.map((o) => ({ column: columnOf(o.field, query), direction: o.direction }));
  return [...keys, { column: (c: string) => Prisma.raw(`${c}."id"`), direction: order[order.length - 1].direction }];
}

const FROM = Prisma.sql`"EventDetail" e JOIN "Content" c ON c."id" = e."contentId"`;

/** The query's WHERE; `categories` given: already expanded to their descendants. */
export async function prepared(ctx: DomainContext, query: EventWindowQuery, categories?: number[]) {
  const options = await siteOptionsOf(ctx);
  const listQuery = { ...query, page: 1, perPage: 1 } as EventListQuery;
  const expanded = categories ?? (query.categories ? await withDescendants(ctx, query.categories) : undefined);
  const resolved = expanded ? { ...listQuery, categories: expanded } : listQuery;
  return { where: Prisma.join(conditions(ctx.db.provider, resolved, options), ' AND '), tags: listTagsOf(resolved, options) };
}

/** ORDER BY of the list's order (the id last, so the order is total). */
export function orderSqlOf(query: EventWindowQuery): Prisma.Sql {
  return Prisma.join(keysOf(query).map((k) => Prisma.sql`${k.column('c', 'e')} ${Prisma.raw(k.direction.toUpperCase())}`));
}

export const EVENT_LIST_FROM = FROM;

/** At most `limit` events from `offset` on, in the list's order. */
export async function eventWindow(ctx: DomainContext, query: EventWindowQuery, offset: number, limit: number): Promise<EventRecord[]> {
  const { where, tags } = await prepared(ctx, query);
  const orderBy = orderSqlOf(query);
  const rows = await ctx.db.read.query<{ id: number | bigint }>(Prisma.sql`SELECT c."id" AS "id" FROM ${FROM} WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`, tags);
  const records = await eventById(ctx).loadMany(rows.map((r) => Number(r.id)));
  return records.filter((r): r is EventRecord => r !== null && !(r instanceof Error));
}

export async function eventWindowCount(ctx: DomainContext, query: EventWindowQuery): Promise<number> {
  const { where, tags } = await prepared(ctx, query);
  const rows = await ctx.db.read.query<{ total: number | bigint }>(Prisma.sql`SELECT COUNT(*) AS "total" FROM ${FROM} WHERE ${where}`, tags);
  return Number(rows[0]?.total ?? 0);
}

/**
 * Where the event with this id stands in the list (0-based), or null when it is not in it: the
 * number of listed events that come before it on the order's keys, compared with its own values.
 */
export async function eventWindowPosition(ctx: DomainContext, query: EventWindowQuery, id: number): Promise<number | null> {
  if (!isStorableId(id)) return null;
  const { where, tags } = await prepared(ctx, query);
  const present = await ctx.db.read.query<{ id: number | bigint }>(Prisma.sql`SELECT c."id" AS "id" FROM ${FROM} WHERE ${where} AND c."id" = ${id}`, tags);
  if (!present.length) return null;
  const keys = keysOf(query);
  const before = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k) => Prisma.sql`${k.column('c', 'e')} = ${k.column('c2', 'e2')}`);
    const beyond = Prisma.sql`${key.column('c', 'e')} ${Prisma.raw(key.direction === 'asc' ? '<' : '>')} ${key.column('c2', 'e2')}`;
    return Prisma.sql`(${Prisma.join([...equal, beyond], ' AND ')})`;
  });
  const rows = await ctx.db.read.query<{ total: number | bigint }>(
    Prisma.sql`SELECT COUNT(*) AS "total" FROM ${FROM} CROSS JOIN "EventDetail" e2 JOIN "Content" c2 ON c2."id" = e2."contentId"
      WHERE c2."id" = ${id} AND ${where} AND (${Prisma.join(before, ' OR ')})`,
    tags,
  );
  return Number(rows[0]?.total ?? 0);
}
