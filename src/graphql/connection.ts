/**
 * Relay connections as WPGraphQL answers them. A cursor is base64 of "arrayconnection:<database
 * id>" and names an item, not a position: `after: X` continues after X wherever inserts have moved
 * it, because the list says where X now stands (OrderedList.positionOf: a keyset count on the
 * order's columns for database lists). WPGraphQL's rules hold: 10 by default, at most 100 (larger
 * requests are clamped), `first` and `last` not together, no total count; a cursor that names no
 * item of the list is ignored, as WPGraphQL ignores a cursor whose post it cannot load.
 */
import { GraphQLError } from 'graphql';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: Array<Edge<T>>;
  nodes: T[];
  pageInfo: PageInfo;
}

/** An ordered list a connection pages through; every read is of the list as it is now. */
export interface OrderedList<T> {
  /** At most `limit` items from `offset` on. */
  window(offset: number, limit: number): Promise<T[]>;
  /** The number of items (asked only when paging backwards from the end). */
  count(): Promise<number>;
  /** Where the item with this database id stands (0-based), or null when it is not in the list. */
  positionOf(id: number): Promise<number | null>;
  /** The database id a cursor names. */
  idOf(item: T): number;
}

const PREFIX = 'arrayconnection:';

export function cursorOf(id: number): string {
  return Buffer.from(PREFIX + id, 'utf8').toString('base64');
}

/** The database id a cursor names, or null for anything else. */
export function cursorId(cursor: string | null | undefined): number | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  if (!text.startsWith(PREFIX)) return null;
  const id = Number(text.slice(PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function userError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
}

function size(value: number | null | undefined, arg: string): number | null {
  if (value === null || value === undefined) return null;
  if (value < 0) throw userError(`${arg} must be a positive integer.`);
  return Math.min(value, MAX_PAGE_SIZE);
}

/** The size a connection field asks for (used by the complexity rule too). */
export function requestedSize(args: ConnectionArgs): number {
  return Math.min(Math.max(args.first ?? args.last ?? DEFAULT_PAGE_SIZE, 0), MAX_PAGE_SIZE);
}

async function positionOfCursor<T>(list: OrderedList<T>, cursor: string | null | undefined): Promise<number | null> {
  const id = cursorId(cursor);
  return id === null ? null : list.positionOf(id);
}

/** One page of a list, by Relay's arguments. */
export async function connectionOf<T>(args: ConnectionArgs, list: OrderedList<T>): Promise<Connection<T>> {
  const first = size(args.first, 'first');
  const last = size(args.last, 'last');
  if (first !== null && last !== null) {
    throw userError('first and last cannot be used together. For forward pagination, use first & after. For backward pagination, use last & before.');
  }
  const [afterAt, beforeAt] = await Promise.all([positionOfCursor(list, args.after), positionOfCursor(list, args.before)]);
  const start = afterAt === null ? 0 : afterAt + 1;

  let from: number;
  let items: T[];
  let hasNextPage: boolean;
  let hasPreviousPage: boolean;
  if (last !== null) {
    const stop = beforeAt ?? (await list.count());
    from = Math.max(start, stop - last);
    items = stop > from ? await list.window(from, stop - from) : [];
    hasPreviousPage = from > start;
    // WPGraphQL: paging backwards, there is a next page only past a valid `before`.
    hasNextPage = beforeAt !== null;
  } else {
    const wanted = first ?? DEFAULT_PAGE_SIZE;
    const room = beforeAt === null ? wanted + 1 : Math.max(0, Math.min(wanted + 1, beforeAt - start));
    from = start;
    // One item more than asked says whether a next page exists, without counting.
    const fetched = room > 0 ? await list.window(start, room) : [];
    items = fetched.slice(0, wanted);
    hasNextPage = fetched.length > wanted || (beforeAt !== null && start + items.length < beforeAt);
    hasPreviousPage = afterAt !== null;
  }
  const edges = items.map((node) => ({ cursor: cursorOf(list.idOf(node)), node }));
  return {
    edges,
    nodes: items,
    pageInfo: { hasNextPage, hasPreviousPage, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

/** A list already in memory (a post's terms, a menu's locations). */
export function listInMemory<T>(items: readonly T[], idOf: (item: T) => number): OrderedList<T> {
  return {
    window: async (offset, limit) => items.slice(offset, offset + limit),
    count: async () => items.length,
    positionOf: async (id) => {
      const at = items.findIndex((item) => idOf(item) === id);
      return at === -1 ? null : at;
    },
    idOf,
  };
}

/** A connection over a list already in memory. */
export function connectionOfList<T>(args: ConnectionArgs, items: readonly T[], idOf: (item: T) => number): Promise<Connection<T>> {
  return connectionOf(args, listInMemory(items, idOf));
}

/** A one-to-one relation as WPGraphQL exposes it: an edge `{ node }`, or null. */
export function oneToOne<T>(node: T | null | undefined): { node: T; cursor: string | null } | null {
  return node ? { node, cursor: null } : null;
}
