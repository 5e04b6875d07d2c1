/**
 * Lists of terms nested under a list — the children of each category of a page of categories — at
 * a constant number of statements: lists asked for in the same tick whose queries differ only in
 * their `parent` are read together (one SELECT over every parent, ordered as each list is), and
 * each parent's window and total are cut from it in memory. Other queries run listTerms as is.
 */
import DataLoader from 'dataloader';
import { Prisma, type Term } from '../../generated/prisma-sqlite/client';
import { listTag } from '../../cache/tags';
import type { DomainContext } from '../context';
import { answerByFamily } from '../loaders';
import { isStorableId, toTerm, type RawTerm } from './loaders';
import { emptyTermsWithUsedDescendants, listTerms, listTermsPermissionError, normalise, orderClause, whereClauses, type TermList, type TermListQuery } from './query';
import { describeTerms, termTaxonomy } from './terms';

interface ListRequest {
  taxonomy: string;
  query: TermListQuery;
}

const NESTED_LISTS = Symbol('terms.nestedLists');

/** The parent a list is pinned to, when it can be read with its siblings. */
function parentOf(request: ListRequest): number | null {
  const { parent, post } = request.query;
  if (!termTaxonomy(request.taxonomy).hierarchical || post || parent === undefined || parent === null || !isStorableId(parent)) return null;
  return parent;
}

/** listTerms, answered together with the sibling lists of the same tick (see the header). */
export function listNestedTerms(ctx: DomainContext, taxonomy: string, query: TermListQuery): Promise<TermList> {
  const loader = ctx.loaders.get(
    NESTED_LISTS,
    () => new DataLoader<ListRequest, TermList, string>((requests) => answerAll(ctx, requests), { cacheKeyFn: (r) => JSON.stringify([r.taxonomy, r.query]) }) as unknown as DataLoader<ListRequest, TermList>,
  );
  return loader.load({ taxonomy, query });
}

function answerAll(ctx: DomainContext, requests: readonly ListRequest[]): Promise<Array<TermList | Error>> {
  return answerByFamily(
    requests,
    (request) => (parentOf(request) === null ? null : JSON.stringify([request.taxonomy, { ...request.query, parent: null }])),
    (request) => listTerms(ctx, request.taxonomy, request.query),
    (members) => listFamily(ctx, members[0], members.map((request) => parentOf(request) as number)),
  );
}

async function listFamily(ctx: DomainContext, request: ListRequest, parents: number[]): Promise<TermList[]> {
  const taxonomy = termTaxonomy(request.taxonomy);
  const { query } = request;
  const denied = await listTermsPermissionError(ctx, request.taxonomy, query);
  if (denied) throw denied;
  const filters = normalise(taxonomy, { ...query, parent: undefined });
  const where = [...whereClauses(ctx.db, filters), Prisma.sql`"parentId" IN (${Prisma.join([...new Set(parents)])})`];
  // As listTerms: empty terms kept for a used descendant are listed but not counted.
  if (filters.hideEmpty) {
    const kept = taxonomy.hierarchical ? await emptyTermsWithUsedDescendants(ctx.db, taxonomy) : [];
    where.push(kept.length ? Prisma.sql`("count" > 0 OR "id" IN (${Prisma.join(kept)}))` : Prisma.sql`"count" > 0`);
  }
  const rows = await ctx.db.read.query<RawTerm>(
    Prisma.sql`
    SELECT "id", "taxonomy", "name", "slug", "description", "parentId", "count" FROM "Term"
    WHERE ${Prisma.join(where, ' AND ')} ${orderClause(ctx.db, filters)}`,
    [listTag('Term', taxonomy.slug)],
  );
  const byParent = new Map<number, Term[]>();
  for (const term of rows.map(toTerm)) {
    const siblings = byParent.get(term.parentId);
    if (siblings) siblings.push(term);
    else byParent.set(term.parentId, [term]);
  }
  const perPage = query.perPage ?? 10;
  const offset = Math.max(0, query.offset ? query.offset : ((query.page ?? 1) - 1) * perPage);
  return Promise.all(
    parents.map(async (parent) => {
      const all = byParent.get(parent) ?? [];
      const total = filters.hideEmpty ? all.filter((t) => t.count > 0).length : all.length;
      return { terms: await describeTerms(ctx, taxonomy, all.slice(offset, offset + perPage)), total, page: Math.ceil(offset / perPage + 1), perPage };
    }),
  );
}
