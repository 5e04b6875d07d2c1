/**
 * Event windows nested under a list — the events of each category or author — at a constant
 * number of statements. eventWindow once per parent would cost its reads once per parent; windows
 * asked for in the same tick whose queries differ only in one single-valued pin (the one category,
 * the one author) are answered together: one read of the matching ids in order for every parent
 * at once (categories with their descendants, as each list alone), each parent's window cut from
 * it in memory, and the records read through the batched loader. Anything else runs eventWindow.
 */
import DataLoader from 'dataloader';
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { answerByFamily } from '../loaders';
import { isStorableId } from '../terms/loaders';
import { EVENT_LIST_FROM, eventWindow, orderSqlOf, prepared, type EventWindowQuery } from './event-window';
import { eventById } from './loaders';
import { EVENT_CATEGORY, type EventRecord } from './types';

interface WindowRequest {
  query: EventWindowQuery;
  offset: number;
  limit: number;
}

type Pin = { kind: 'categories' | 'authors'; id: number };

function pinOf(query: EventWindowQuery): Pin | null {
  // Ordered by a list of ids or slugs: the order is the request's own, answered alone.
  if (query.order.some((o) => o.field === 'in' || o.field === 'slugIn')) return null;
  if (query.categories?.length === 1 && isStorableId(query.categories[0])) return { kind: 'categories', id: query.categories[0] };
  if (query.authors?.length === 1 && isStorableId(query.authors[0])) return { kind: 'authors', id: query.authors[0] };
  return null;
}

const unpinned = (request: WindowRequest, pin: Pin): string => JSON.stringify([pin.kind, { ...request.query, [pin.kind]: [] }, request.offset, request.limit]);

const NESTED_WINDOWS = Symbol('events.nestedWindows');

/** eventWindow, answered together with the sibling windows of the same tick (see the header). */
export function nestedEventWindow(ctx: DomainContext, query: EventWindowQuery, offset: number, limit: number): Promise<EventRecord[]> {
  const loader = ctx.loaders.get(
    NESTED_WINDOWS,
    () => new DataLoader<WindowRequest, EventRecord[], string>((requests) => answerAll(ctx, requests), { cacheKeyFn: (r) => JSON.stringify([r.query, r.offset, r.limit]) }) as unknown as DataLoader<WindowRequest, EventRecord[]>,
  );
  return loader.load({ query, offset, limit });
}

function answerAll(ctx: DomainContext, requests: readonly WindowRequest[]): Promise<Array<EventRecord[] | Error>> {
  return answerByFamily(
    requests,
    (request) => {
      const pin = pinOf(request.query);
      return pin ? unpinned(request, pin) : null;
    },
    (request) => eventWindow(ctx, request.query, request.offset, request.limit),
    (members) => windowFamily(ctx, members),
  );
}

/** Each category with its descendants (withDescendants for every parent, from one read). */
async function descendantsOf(ctx: DomainContext, parents: number[]): Promise<Map<number, Set<number>>> {
  const all = await ctx.db.read.term.findMany({ where: { taxonomy: EVENT_CATEGORY }, select: { id: true, parentId: true } });
  const children = new Map<number, number[]>();
  for (const term of all) children.set(term.parentId, [...(children.get(term.parentId) ?? []), term.id]);
  return new Map(
    parents.map((parent) => {
      const found = new Set([parent]);
      const stack = [parent];
      while (stack.length) {
        for (const child of children.get(stack.pop() as number) ?? []) {
          if (found.has(child)) continue;
          found.add(child);
          stack.push(child);
        }
      }
      return [parent, found];
    }),
  );
}

async function windowFamily(ctx: DomainContext, members: WindowRequest[]): Promise<EventRecord[][]> {
  const pins = members.map((m) => pinOf(m.query) as Pin);
  const { kind } = pins[0];
  const { query, offset, limit } = members[0];
  const parents = [...new Set(pins.map((p) => p.id))];
  const families = kind === 'categories' ? await descendantsOf(ctx, parents) : null;
  const union = families ? [...new Set([...families.values()].flatMap((set) => [...set]))] : undefined;
  const { where, tags } = await prepared(ctx, { ...query, [kind]: parents }, union);
  const matches = await ctx.db.read.query<{ id: number | bigint; authorId: number | bigint }>(
    Prisma.sql`SELECT c."id" AS "id", c."authorId" AS "authorId" FROM ${EVENT_LIST_FROM} WHERE ${where} ORDER BY ${orderSqlOf(query)}`,
    tags,
  );
  const ids = matches.map((m) => Number(m.id));

  // Each parent's matching ids, in the list's order.
  const idsOf = new Map<number, number[]>(parents.map((id) => [id, []]));
  if (families) {
    const links = ids.length ? await ctx.db.read.termRelationship.findMany({ where: { contentId: { in: ids }, termId: { in: union } }, select: { contentId: true, termId: true } }) : [];
    const termsOf = new Map<number, number[]>();
    for (const link of links) termsOf.set(link.contentId, [...(termsOf.get(link.contentId) ?? []), link.termId]);
    for (const id of ids) for (const parent of parents) if ((termsOf.get(id) ?? []).some((t) => families.get(parent)?.has(t))) idsOf.get(parent)?.push(id);
  } else {
    for (const match of matches) idsOf.get(Number(match.authorId))?.push(Number(match.id));
  }

  const windows = pins.map((p) => (idsOf.get(p.id) ?? []).slice(offset, offset + limit));
  const records = new Map<number, EventRecord>();
  for (const record of await eventById(ctx).loadMany([...new Set(windows.flat())])) if (record && !(record instanceof Error)) records.set(record.row.id, record);
  return windows.map((window) => window.map((id) => records.get(id)).filter((r): r is EventRecord => r !== undefined));
}
