/**
 * Categories and tags over src/domain/terms: lookups, connections (the terms contract's
 * parameters and validation via contract-args.ts), the posts of a term, and mutations.
 */
import { termTaxonomy, getTerm, type TermView } from '../../domain/terms/terms';
import { listNestedTerms } from '../../domain/terms/nested-lists';
import { termIdBy } from '../../domain/terms/lookup';
import { createTerm, deleteTerm, updateTerm } from '../../domain/terms/writes';
import { resolvePath } from '../../domain/content/uri';
import type { Resolvers, TermObjectsWhereArgs } from '../../generated/graphql';
import { changesFrom, collectionArgs, listQuery, termWriteArgs } from '../../domain/terms/contract';
import { connectionFrom, type ConnectionArgs } from '../connection';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { databaseIdOf, globalIdOf, plainIdOf, toGlobalId } from '../global-id';
import { argNames, checkedArgs, enumValue, opt } from '../contract-args';
import { uriOf } from './content-fields';
import { postConnection } from './posts';

type Taxonomy = 'category' | 'post_tag';

const INPUT_NAMES = argNames('input', { parent: 'parentId' });

/** The REST collection parameters of each taxonomy, built once. */
const COLLECTION_ARGS = { category: collectionArgs(termTaxonomy('category')), post_tag: collectionArgs(termTaxonomy('post_tag')) } as const;
const WRITE_ARGS = {
  create: { category: termWriteArgs(termTaxonomy('category'), 'create'), post_tag: termWriteArgs(termTaxonomy('post_tag'), 'create') },
  update: { category: termWriteArgs(termTaxonomy('category'), 'update'), post_tag: termWriteArgs(termTaxonomy('post_tag'), 'update') },
} as const;

export function termConnection(ctx: GraphQLContext, taxonomy: Taxonomy, args: ConnectionArgs & { where?: TermObjectsWhereArgs | null }, pinned: Record<string, unknown> = {}) {
  const w = args.where ?? {};
  const given = {
    search: opt(w.search),
    include: opt(w.include),
    exclude: opt(w.exclude),
    slug: opt(w.slug),
    orderby: w.orderby ? enumValue(w.orderby) : undefined,
    order: w.order ? enumValue(w.order) : undefined,
    hide_empty: opt(w.hideEmpty),
    parent: taxonomy === 'category' ? opt(w.parent) : undefined,
    post: opt(w.post),
    ...pinned,
  };
  const schemas = COLLECTION_ARGS[taxonomy];
  return connectionFrom(args, async (offset, limit) => {
    const query = listQuery(checkedArgs(schemas, { ...given, per_page: limit }, argNames('where', { per_page: 'first' })));
    // Batched with the same list of sibling parents (the children of each category of a page).
    const list = await listNestedTerms(ctx.domain, taxonomy, { ...query, offset });
    return { items: list.terms, total: list.total };
  });
}

function readTerm(ctx: GraphQLContext, taxonomy: Taxonomy, id: number): Promise<TermView | null> {
  return orNull(() => getTerm(ctx.domain, taxonomy, id));
}

async function lookup(ctx: GraphQLContext, taxonomy: Taxonomy, id: string, idType: string | null | undefined): Promise<TermView | null> {
  switch (idType) {
    case 'DATABASE_ID':
      return readTerm(ctx, taxonomy, plainIdOf(id));
    case 'SLUG':
    case 'NAME': {
      const termId = await termIdBy(ctx.domain, taxonomy, idType === 'SLUG' ? 'slug' : 'name', id);
      return termId === null ? null : readTerm(ctx, taxonomy, termId);
    }
    case 'URI': {
      const target = await resolvePath(ctx.domain, id);
      return target?.kind === 'term' && target.taxonomy === taxonomy ? readTerm(ctx, taxonomy, target.id) : null;
    }
    default:
      return readTerm(ctx, taxonomy, globalIdOf(id, 'term'));
  }
}

const termFields = {
  id: (v: TermView) => toGlobalId('term', v.term.id),
  databaseId: (v: TermView) => v.term.id,
  uri: (v: TermView, _: unknown, ctx: GraphQLContext) => uriOf(v.link, ctx.domain.config.siteUrl),
  name: (v: TermView) => v.term.name,
  slug: (v: TermView) => v.term.slug,
  description: (v: TermView) => v.term.description,
  count: (v: TermView) => v.term.count,
  link: (v: TermView) => v.link,
  taxonomyName: (v: TermView) => v.term.taxonomy,
};

/** Mutation input in the REST write parameters' names. */
function writeParams(input: { name?: string | null; slug?: string | null; description?: string | null; parentId?: string | null }) {
  return {
    name: opt(input.name),
    slug: opt(input.slug),
    description: opt(input.description),
    parent: input.parentId === undefined || input.parentId === null ? undefined : input.parentId === '0' ? 0 : databaseIdOf(input.parentId, 'term'),
  };
}

async function create(ctx: GraphQLContext, taxonomy: Taxonomy, input: Parameters<typeof writeParams>[0]) {
  const changes = changesFrom(checkedArgs(WRITE_ARGS.create[taxonomy], writeParams(input), INPUT_NAMES));
  return createTerm(ctx.domain, taxonomy, { ...changes, name: changes.name ?? '' });
}

async function update(ctx: GraphQLContext, taxonomy: Taxonomy, input: Parameters<typeof writeParams>[0] & { id: string }) {
  const changes = changesFrom(checkedArgs(WRITE_ARGS.update[taxonomy], writeParams(input), INPUT_NAMES));
  return updateTerm(ctx.domain, taxonomy, databaseIdOf(input.id, 'term'), changes);
}

async function remove(ctx: GraphQLContext, taxonomy: Taxonomy, input: { id: string }) {
  const id = databaseIdOf(input.id, 'term');
  return { deletedId: toGlobalId('term', id), view: await deleteTerm(ctx.domain, taxonomy, id, {}) };
}

export const termResolvers: Resolvers = {
  Query: {
    category: (_, args, ctx) => lookup(ctx, 'category', args.id, args.idType),
    categories: (_, args, ctx) => termConnection(ctx, 'category', args),
    tag: (_, args, ctx) => lookup(ctx, 'post_tag', args.id, args.idType),
    tags: (_, args, ctx) => termConnection(ctx, 'post_tag', args),
  },
  Category: {
    ...termFields,
    parentDatabaseId: (v) => v.term.parentId || null,
    parent: async (v, _, ctx) => {
      if (!v.term.parentId) return null;
      const parent = await readTerm(ctx, 'category', v.term.parentId);
      return parent ? { node: parent } : null;
    },
    children: (v, args, ctx) => termConnection(ctx, 'category', args, { parent: v.term.id }),
    posts: (v, args, ctx) => postConnection(ctx, 'post', args, { categories: { terms: [v.term.id], include_children: false, operator: 'OR' } }),
  },
  Tag: {
    ...termFields,
    posts: (v, args, ctx) => postConnection(ctx, 'post', args, { tags: { terms: [v.term.id], operator: 'OR' } }),
  },
  Mutation: {
    createCategory: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, category: await create(ctx, 'category', input) }),
    updateCategory: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, category: await update(ctx, 'category', input) }),
    deleteCategory: async (_, { input }, ctx) => {
      const { deletedId, view } = await remove(ctx, 'category', input);
      return { clientMutationId: input.clientMutationId, deletedId, category: view };
    },
    createTag: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, tag: await create(ctx, 'post_tag', input) }),
    updateTag: async (_, { input }, ctx) => ({ clientMutationId: input.clientMutationId, tag: await update(ctx, 'post_tag', input) }),
    deleteTag: async (_, { input }, ctx) => {
      const { deletedId, view } = await remove(ctx, 'post_tag', input);
      return { clientMutationId: input.clientMutationId, deletedId, tag: view };
    },
  },
};
