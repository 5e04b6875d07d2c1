/**
 * Lists of posts nested under a list — the posts of each user or term, the children of each page —
 * at a constant number of statements. listPosts once per parent would cost its count and select
 * once per parent; lists asked for in the same tick whose queries differ only in one single-valued
 * pin (the author, the parent, or the one term of a taxonomy filter) are answered together: one
 * read of the matching ids in order for every parent at once, each parent's window cut from it in
 * memory, one read of the windows' rows, and the records' loaders batched across all of them.
 * A query with no such pin, or ordered in memory (relevance, include), runs listPosts as it is.
 *
 * The id read covers every matching record of the parents, not only their windows: a few bytes a
 * record, for the short lists front-ends nest, in exchange for statements that do not grow with
 * the number of parents.
 */
import DataLoader from 'dataloader';
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { answerByFamily, settled } from '../loaders';
import { isInt32 } from './ids';
import { contentById } from './loaders';
import {
  assertPageExists,
  buildWhere,
  listOf,
  listPermissionError,
  listPosts,
  orderByOf,
  publishedStickies,
  statusFilterError,
  defaultStatusOf,
  stickiesApply,
  stickiesFirst,
  type PostList,
  type PostListQuery,
} from './query';
import { parseSearch } from '../search/wp-query';
import type { PostTypeName } from './types';

interface ListRequest {
  type: PostTypeName;
  query: PostListQuery;
}

type Pin = { kind: 'author' | 'parent'; id: number } | { kind: 'term'; taxonomy: string; id: number };

/** The single-valued filter that ties a list to its parent, if the list can be answered with its siblings. */
function pinOf(query: PostListQuery): Pin | null {
  if (['relevance', 'include', 'include_slugs'].includes(query.orderby)) return null;
  if (query.author?.length === 1 && isInt32(query.author[0])) return { kind: 'author', id: query.author[0] };
  if (query.parent?.length === 1 && isInt32(query.parent[0])) return { kind: 'parent', id: query.parent[0] };
  // Several parents' terms in one clause keep the meaning only when the taxonomy clauses are ANDed.
  if (query.taxRelation === 'OR') return null;
  const pinned = Object.entries(query.taxonomies ?? {}).filter(([, filter]) => filter?.include?.terms.length === 1 && !filter.include.includeChildren);
  if (pinned.length !== 1) return null;
  const [taxonomy, filter] = pinned[0];
  const id = filter?.include?.terms[0] as number;
  return isInt32(id) ? { kind: 'term', taxonomy, id } : null;
}

/** The query with the pin's filter matching any of `ids`. */
function pinnedTo(query: PostListQuery, pin: Pin, ids: number[]): PostListQuery {
  if (pin.kind !== 'term') return pin.kind === 'author' ? { ...query, author: ids } : { ...query, parent: ids };
  const filter = query.taxonomies?.[pin.taxonomy];
  return { ...query, taxonomies: { ...query.taxonomies, [pin.taxonomy]: { ...filter, include: { terms: ids, includeChildren: false, operator: 'OR' } } } };
}

function familyOf(request: ListRequest, pin: Pin): string {
  return JSON.stringify([request.type, pin.kind, pin.kind === 'term' ? pin.taxonomy : null, pinnedTo(request.query, pin, [])]);
}

const NESTED_LISTS = Symbol('posts.nestedLists');

/** listPosts, answered together with the sibling lists of the same tick (see the header). */
export function listNestedPosts(ctx: DomainContext, type: PostTypeName, query: PostListQuery): Promise<PostList> {
  const loader = ctx.loaders.get(
    NESTED_LISTS,
    () => new DataLoader<ListRequest, PostList, string>((requests) => answerAll(ctx, requests), { cacheKeyFn: (r) => JSON.stringify([r.type, r.query]) }) as unknown as DataLoader<ListRequest, PostList>,
  );
  return loader.load({ type, query });
}

function answerAll(ctx: DomainContext, requests: readonly ListRequest[]): Promise<Array<PostList | Error>> {
  return answerByFamily(
    requests,
    (request) => {
      const pin = pinOf(request.query);
      return pin ? familyOf(request, pin) : null;
    },
    (request) => listPosts(ctx, request.type, request.query),
    (members) => listFamily(ctx, members[0], members.map((request) => pinOf(request.query) as Pin)),
  );
}

/** The lists of one family: the same query but for its pin, which is one parent for each. */
async function listFamily(ctx: DomainContext, request: ListRequest, pins: Pin[]): Promise<Array<PostList | Error>> {
  const { type, query } = request;
  const statusDenied = statusFilterError(ctx, type, query.statuses, defaultStatusOf(query));
  if (statusDenied) throw statusDenied;
  const denied = listPermissionError(ctx, type, query.context);
  if (denied) throw denied;
  const search = typeof query.search === 'string' && query.search !== '' ? parseSearch(query.search) : null;
  const parents = [...new Set(pins.map((p) => p.id))];
  const where = await buildWhere(ctx, type, pinnedTo(query, pins[0], parents), search);
  const matches = await ctx.db.read.content.findMany({ where, select: { id: true, authorId: true, parentId: true }, orderBy: orderByOf(query) });

  // Each parent's matching ids, in the list's order.
  const idsOf = new Map<number, number[]>(parents.map((id) => [id, []]));
  const pin = pins[0];
  if (pin.kind === 'term') {
    const links = matches.length
      ? await ctx.db.read.termRelationship.findMany({ where: { contentId: { in: matches.map((m) => m.id) }, termId: { in: parents } }, select: { contentId: true, termId: true } })
      : [];
    const termsOf = new Map<number, number[]>();
    for (const link of links) termsOf.set(link.contentId, [...(termsOf.get(link.contentId) ?? []), link.termId]);
    for (const match of matches) for (const term of termsOf.get(match.id) ?? []) idsOf.get(term)?.push(match.id);
  } else {
    for (const match of matches) idsOf.get(pin.kind === 'author' ? match.authorId : match.parentId)?.push(match.id);
  }

  const skip = query.offset !== undefined ? Math.max(0, query.offset) : (query.page - 1) * query.perPage;
  const windows = pins.map((p) => {
    const all = idsOf.get(p.id) ?? [];
    return { ids: all.slice(skip, skip + query.perPage), total: all.length };
  });
  const rows = new Map<number, Content>();
  for (const row of await contentById(ctx).loadMany([...new Set(windows.flatMap((w) => w.ids))])) if (row && !(row instanceof Error)) rows.set(row.id, row);
  const stickies = stickiesApply(type, query, search) ? await publishedStickies(ctx, query) : null;

  return Promise.all(
    windows.map((window) =>
      settled(async () => {
        assertPageExists(query, window.total);
        const page = window.ids.map((id) => rows.get(id)).filter((row): row is Content => row !== undefined);
        return listOf(ctx, query, stickies ? stickiesFirst(page, stickies) : page, window.total);
      }),
    ),
  );
}
