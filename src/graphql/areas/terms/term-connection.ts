/**
 * WPGraphQL's term connections (categories, tags, terms, a category's children, a taxonomy's
 * terms) over the domain's term query: the `where` input translated into a TermListQuery, the
 * whole ordered id list read once (term lists are small), so a cursor's position is where its
 * term stands in the list now, whatever was inserted before it.
 */
import { MAX_ID } from '../../../domain/terms/loaders';
import { listNestedTerms } from '../../../domain/terms/nested-lists';
import { listOrderedTerms, type TermListQuery } from '../../../domain/terms/query';
import type { RootQueryToTermNodeConnectionWhereArgs } from '../../../generated/graphql';
import { connectionOf, type Connection, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { databaseIdOf } from '../../global-id';
import type { Model } from '../../model';
import { modelsOf, termNodeById } from '../../nodes';

export type TermWhere = Partial<RootQueryToTermNodeConnectionWhereArgs>;

export interface TermConnectionArgs extends ConnectionArgs {
  where?: TermWhere | null;
}

/** GraphQL's TaxonomyEnum ↔ taxonomy names. */
export const TAXONOMY_NAMES: Readonly<Record<string, string>> = {
  CATEGORY: 'category',
  TAG: 'post_tag',
  POSTFORMAT: 'post_format',
  EVENTSCATEGORY: 'tribe_events_cat',
};

/** TermObjectsConnectionOrderbyEnum → WP_Term_Query's orderby. */
const ORDERBY: Readonly<Record<string, string>> = {
  COUNT: 'count',
  DESCRIPTION: 'description',
  NAME: 'name',
  SLUG: 'slug',
  TERM_GROUP: 'term_group',
  TERM_ID: 'id',
  TERM_ORDER: 'term_order',
};

function ids(values: ReadonlyArray<string | number | null> | null | undefined, kind: 'term' | 'post'): number[] | undefined {
  return values ? values.filter((v): v is string | number => v !== null && v !== '').map((v) => databaseIdOf(v, kind)) : undefined;
}

function strings(values: ReadonlyArray<string | null> | null | undefined): string[] | undefined {
  return values ? values.filter((v): v is string => v !== null) : undefined;
}

const opt = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** The `where` input as the domain's query (the domain holds the defaults: name order, hideEmpty false). */
export function termQueryOf(where: TermWhere | null | undefined): TermListQuery {
  const w = where ?? {};
  return {
    search: opt(w.search),
    include: ids(w.include, 'term'),
    exclude: ids(w.exclude, 'term'),
    slugs: strings(w.slug),
    names: strings(w.name),
    nameLike: opt(w.nameLike),
    descriptionLike: opt(w.descriptionLike),
    order: w.order === 'DESC' ? 'desc' : 'asc',
    orderby: w.orderby ? ORDERBY[w.orderby] : undefined,
    hideEmpty: opt(w.hideEmpty),
    parent: opt(w.parent),
    childOf: opt(w.childOf),
    childless: opt(w.childless),
    excludeTree: ids(w.excludeTree, 'term'),
    objectIds: ids(w.objectIds, 'post'),
    termTaxonomyIds: ids(w.termTaxonomyId ?? w.termTaxonomId, 'term'),
  };
}

/** A connection over an ordered list of term ids: models are built for the window only. */
export function connectionOfTermIds(ctx: GraphQLContext, args: ConnectionArgs, ordered: readonly number[]): Promise<Connection<Model>> {
  return connectionOf(args, {
    window: (offset, limit) => modelsOf(ctx, ordered.slice(offset, offset + limit), (c, id) => termNodeById(c, id)),
    count: async () => ordered.length,
    positionOf: async (id) => {
      const at = ordered.indexOf(id);
      return at === -1 ? null : at;
    },
    idOf: (model) => (model as Model & { databaseId: number }).databaseId,
  });
}

/** categories, tags, terms, Taxonomy.connectedTerms: the terms of these taxonomies the `where` selects. */
export async function termObjectConnection(ctx: GraphQLContext, taxonomies: readonly string[], args: TermConnectionArgs): Promise<Connection<Model>> {
  const terms = await listOrderedTerms(ctx.domain, taxonomies, termQueryOf(args.where));
  return connectionOfTermIds(ctx, args, terms.map((t) => t.id));
}

/** Category.children: read together with the children of the other categories of the same list. */
export async function childTermConnection(ctx: GraphQLContext, taxonomy: string, parent: number, args: TermConnectionArgs): Promise<Connection<Model>> {
  const list = await listNestedTerms(ctx.domain, taxonomy, { ...termQueryOf(args.where), parent, page: 1, perPage: MAX_ID });
  return connectionOfTermIds(ctx, args, list.terms.map((v) => v.term.id));
}
