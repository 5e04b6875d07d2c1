/** The terms area of the WPGraphQL schema (graphql/terms.graphql): categories, tags, post formats, taxonomies. */
import { getTerm, type TermView } from '../../../domain/terms/terms';
import { graphqlTaxonomies, graphqlTaxonomy } from '../../../domain/terms/taxonomy-objects';
import { connectionOfList, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import type { Area } from '../../model';
import type { ModelById } from '../../nodes';
import { termByIdType, type TermIdType } from './lookups';
import { createTermMutation, deleteTermMutation, updateTermMutation, type ModelOf, type TermInput } from './mutations';
import { TAXONOMY_NAMES, termObjectConnection, type TermConnectionArgs } from './term-connection';
import { CategoryModel, PostFormatModel, TagModel, type TermModel } from './term-models';
import { TaxonomyModel, taxonomyGlobalId } from './taxonomy-model';

type TermModelClass = new (view: TermView) => TermModel;

/** A taxonomy's terms by id, as models; null when the term does not exist or the viewer may not see it. */
function termSource(taxonomy: string, Model: TermModelClass): ModelById {
  return async (ctx, id) => {
    const view = await orNull(() => getTerm(ctx.domain, taxonomy, id));
    return view ? new Model(view) : null;
  };
}

const modelOf =
  (Model: TermModelClass): ModelOf =>
  (_ctx, view) =>
    new Model(view);

interface LookupArgs {
  id: string;
  idType?: TermIdType | null;
}

const ALL_TAXONOMIES = graphqlTaxonomies().map((o) => o.def.slug);

function taxonomyModel(name: string): TaxonomyModel | null {
  const object = graphqlTaxonomy(name);
  return object ? new TaxonomyModel(object) : null;
}

/** `taxonomy(id, idType)`: by global id (taxonomy:<name>) or by name. */
function taxonomyByIdType(id: string, idType: 'ID' | 'NAME' | null | undefined): TaxonomyModel | null {
  if (idType === 'NAME') return taxonomyModel(id);
  const name = ALL_TAXONOMIES.find((slug) => taxonomyGlobalId(slug) === id);
  return name ? taxonomyModel(name) : null;
}

type Input<T = TermInput> = { input: T };

export const termsArea: Area = {
  resolvers: {
    RootQuery: {
      category: (_: unknown, args: LookupArgs, ctx: GraphQLContext) => termByIdType(ctx, args.id, args.idType, 'category'),
      tag: (_: unknown, args: LookupArgs, ctx: GraphQLContext) => termByIdType(ctx, args.id, args.idType, 'post_tag'),
      postFormat: (_: unknown, args: LookupArgs, ctx: GraphQLContext) => termByIdType(ctx, args.id, args.idType, 'post_format'),
      termNode: (_: unknown, args: LookupArgs & { taxonomy?: string | null }, ctx: GraphQLContext) =>
        termByIdType(ctx, args.id, args.idType, args.taxonomy ? TAXONOMY_NAMES[args.taxonomy] : undefined),
      categories: (_: unknown, args: TermConnectionArgs, ctx: GraphQLContext) => termObjectConnection(ctx, ['category'], args),
      tags: (_: unknown, args: TermConnectionArgs, ctx: GraphQLContext) => termObjectConnection(ctx, ['post_tag'], args),
      postFormats: (_: unknown, args: TermConnectionArgs, ctx: GraphQLContext) => termObjectConnection(ctx, ['post_format'], args),
      terms: (_: unknown, args: TermConnectionArgs, ctx: GraphQLContext) => {
        const asked = args.where?.taxonomies?.filter((t): t is NonNullable<typeof t> => t !== null).map((t) => TAXONOMY_NAMES[t]);
        return termObjectConnection(ctx, asked?.length ? asked : ALL_TAXONOMIES, args);
      },
      taxonomy: (_: unknown, args: { id: string; idType?: 'ID' | 'NAME' | null }) => taxonomyByIdType(args.id, args.idType),
      taxonomies: (_: unknown, args: ConnectionArgs) => {
        const models = ALL_TAXONOMIES.map((slug) => taxonomyModel(slug) as TaxonomyModel);
        // Taxonomies have no database id: the cursor names the taxonomy's place in the registry.
        return connectionOfList(args, models, (m) => models.indexOf(m) + 1);
      },
    },
    RootMutation: {
      createCategory: async (_: unknown, { input }: Input, ctx: GraphQLContext) => {
        const { term, ...rest } = await createTermMutation(ctx, 'category', input, modelOf(CategoryModel));
        return { ...rest, category: term };
      },
      updateCategory: async (_: unknown, { input }: Input<TermInput & { id: string }>, ctx: GraphQLContext) => {
        const { term, ...rest } = await updateTermMutation(ctx, 'category', input, modelOf(CategoryModel));
        return { ...rest, category: term };
      },
      deleteCategory: async (_: unknown, { input }: Input<{ id: string; clientMutationId?: string | null }>, ctx: GraphQLContext) => {
        const { term, ...rest } = await deleteTermMutation(ctx, 'category', input, modelOf(CategoryModel));
        return { ...rest, category: term };
      },
      createTag: async (_: unknown, { input }: Input, ctx: GraphQLContext) => {
        const { term, ...rest } = await createTermMutation(ctx, 'post_tag', input, modelOf(TagModel));
        return { ...rest, tag: term };
      },
      updateTag: async (_: unknown, { input }: Input<TermInput & { id: string }>, ctx: GraphQLContext) => {
        const { term, ...rest } = await updateTermMutation(ctx, 'post_tag', input, modelOf(TagModel));
        return { ...rest, tag: term };
      },
      deleteTag: async (_: unknown, { input }: Input<{ id: string; clientMutationId?: string | null }>, ctx: GraphQLContext) => {
        const { term, ...rest } = await deleteTermMutation(ctx, 'post_tag', input, modelOf(TagModel));
        return { ...rest, tag: term };
      },
      createPostFormat: async (_: unknown, { input }: Input, ctx: GraphQLContext) => {
        const { term, ...rest } = await createTermMutation(ctx, 'post_format', input, modelOf(PostFormatModel));
        return { ...rest, postFormat: term };
      },
      updatePostFormat: async (_: unknown, { input }: Input<TermInput & { id: string }>, ctx: GraphQLContext) => {
        const { term, ...rest } = await updateTermMutation(ctx, 'post_format', input, modelOf(PostFormatModel));
        return { ...rest, postFormat: term };
      },
      deletePostFormat: async (_: unknown, { input }: Input<{ id: string; clientMutationId?: string | null }>, ctx: GraphQLContext) => {
        const { term, ...rest } = await deleteTermMutation(ctx, 'post_format', input, modelOf(PostFormatModel));
        return { ...rest, postFormat: term };
      },
    },
  },
  models: { Category: CategoryModel, Tag: TagModel, PostFormat: PostFormatModel, Taxonomy: TaxonomyModel },
  nodes: {
    terms: { category: termSource('category', CategoryModel), post_tag: termSource('post_tag', TagModel), post_format: termSource('post_format', PostFormatModel) },
    taxonomy: async (_ctx, name) => taxonomyModel(name),
  },
};
