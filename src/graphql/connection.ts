/**
 * Relay connections over the domain's offset windows. Cursors are opaque base64 of
 * "arrayconnection:<offset>" (graphql-relay's array-connection form): the domain lists by offset,
 * so a cursor names a position in the filtered, ordered list. WPGraphQL's rules on sizes hold:
 * 10 by default, at most 100 (larger requests are clamped), `first` and `last` not together.
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

export interface Connection<T> {
  edges: Array<Edge<T>>;
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

/** One window of a list: the items from `offset` on (at most `limit`) and the size of the whole list. */
export interface Slice<T> {
  items: T[];
  total: number;
}

export type FetchSlice<T> = (offset: number, limit: number) => Promise<Slice<T>>;

const PREFIX = 'arrayconnection:';

export function cursorOf(offset: number): string {
  return Buffer.from(PREFIX + offset, 'utf8').toString('base64');
}

function userError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
}

export function offsetOf(cursor: string, arg: string): number {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const offset = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(offset) || offset < 0) throw userError(`The "${arg}" cursor is not valid.`);
  return offset;
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

/** Resolves Relay arguments into one or two fetches of the underlying list. */
export async function connectionFrom<T>(args: ConnectionArgs, fetch: FetchSlice<T>): Promise<Connection<T>> {
  const first = size(args.first, 'first');
  const last = size(args.last, 'last');
  if (first !== null && last !== null) {
    throw userError('first and last cannot be used together. For forward pagination, use first & after. For backward pagination, use last & before.');
  }
  const start = args.after ? offsetOf(args.after, 'after') + 1 : 0;
  const stop = args.before ? offsetOf(args.before, 'before') : null;

  let offset = start;
  let slice: Slice<T>;
  if (last !== null) {
    // Counting backwards needs the end of the list when no `before` cursor gives it.
    const end = stop ?? (await fetch(start, 1)).total;
    offset = Math.max(start, end - last);
    slice = await fetchWindow(fetch, offset, Math.max(0, end - offset));
  } else {
    const wanted = first ?? DEFAULT_PAGE_SIZE;
    slice = await fetchWindow(fetch, start, stop === null ? wanted : Math.max(0, Math.min(wanted, stop - start)));
  }
  const edges = slice.items.map((node, i) => ({ cursor: cursorOf(offset + i), node }));
  const endOffset = offset + slice.items.length;
  return {
    edges,
    nodes: slice.items,
    totalCount: slice.total,
    pageInfo: {
      hasPreviousPage: offset > 0,
      hasNextPage: endOffset < (stop ?? slice.total),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

async function fetchWindow<T>(fetch: FetchSlice<T>, offset: number, limit: number): Promise<Slice<T>> {
  if (limit > 0) return fetch(offset, limit);
  // An empty window still reports the list's size.
  const { total } = await fetch(offset, 1);
  return { items: [], total };
}

/** A connection over a list already in memory (small lists: a post's terms, a page's autosaves). */
export function connectionOfList<T>(args: ConnectionArgs, list: readonly T[]): Promise<Connection<T>> {
  return connectionFrom(args, async (offset, limit) => ({ items: list.slice(offset, offset + limit), total: list.length }));
}
