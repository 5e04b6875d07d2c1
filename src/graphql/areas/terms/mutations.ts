/**
 * createCategory / updateCategory / deleteCategory and the same for tags and post formats, through
 * the terms contract (the REST write parameters, sanitised and checked as WordPress does) and the
 * domain's writes. Ids are global or database ids; deleting answers the term as it was. Our `seo`
 * input writes Yoast's term fields (graphql/seo-additions.graphql).
 */
import { hasTermSeoFields } from '../../../domain/seo/term-seo-fields';
import { changesFrom, termWriteArgs } from '../../../domain/terms/contract';
import type { TermChanges } from '../../../domain/terms/writes';
import type { TaxonomySeoInput } from '../../../generated/graphql';
import { termTaxonomy, type TermView } from '../../../domain/terms/terms';
import { createTerm, deleteTerm, updateTerm } from '../../../domain/terms/writes';
import { argNames, checkedArgs, opt } from '../../contract-args';
import type { GraphQLContext } from '../../context';
import { databaseIdOf, toGlobalId } from '../../global-id';
import type { Model } from '../../model';
import { termSeoChangesOfInput } from '../seo/input';

export interface TermInput {
  clientMutationId?: string | null;
  id?: string | null;
  name?: string | null;
  slug?: string | null;
  description?: string | null;
  aliasOf?: string | null;
  parentId?: string | null;
  parentDatabaseId?: number | null;
  /** Our TaxonomySeoInput (categories and tags). */
  seo?: TaxonomySeoInput | null;
}

const INPUT_NAMES = argNames('input', { parent: 'parentId' });

/** The taxonomy's write parameters (the REST ones of its kind: flat taxonomies take no parent). */
function writeArgs(taxonomy: string, mode: 'create' | 'update') {
  return termWriteArgs(termTaxonomy(taxonomy), mode);
}

/** The input in the REST write parameters' names (parentId wins over parentDatabaseId, as WPGraphQL reads them). */
function writeParams(input: TermInput) {
  let parent: number | undefined;
  if (input.parentId !== undefined && input.parentId !== null) parent = input.parentId === '0' ? 0 : databaseIdOf(input.parentId, 'term');
  else if (input.parentDatabaseId !== undefined && input.parentDatabaseId !== null) parent = input.parentDatabaseId;
  return { name: opt(input.name), slug: opt(input.slug), description: opt(input.description), parent };
}

/** The term's SEO fields from our `seo` input, checked by the domain as REST's `meta` (written in the term's transaction). */
function withSeo(taxonomy: string, changes: TermChanges, input: TermInput): TermChanges {
  const seo = hasTermSeoFields(taxonomy) ? termSeoChangesOfInput(input.seo) : undefined;
  return seo ? { ...changes, seo } : changes;
}

export type ModelOf = (ctx: GraphQLContext, view: TermView) => Model;

export async function createTermMutation(ctx: GraphQLContext, taxonomy: string, input: TermInput, modelOf: ModelOf) {
  const changes = withSeo(taxonomy, changesFrom(checkedArgs(writeArgs(taxonomy, 'create'), writeParams(input), INPUT_NAMES)), input);
  // TermObjectCreate asks edit_terms whatever the taxonomy (REST lets assign_terms create flat terms).
  const view = await createTerm(ctx.domain, taxonomy, { ...changes, name: changes.name ?? '' }, 'edit_terms');
  return { clientMutationId: input.clientMutationId ?? null, term: modelOf(ctx, view) };
}

export async function updateTermMutation(ctx: GraphQLContext, taxonomy: string, input: TermInput & { id: string }, modelOf: ModelOf) {
  const changes = withSeo(taxonomy, changesFrom(checkedArgs(writeArgs(taxonomy, 'update'), writeParams(input), INPUT_NAMES)), input);
  const view = await updateTerm(ctx.domain, taxonomy, databaseIdOf(input.id, 'term'), changes);
  return { clientMutationId: input.clientMutationId ?? null, term: modelOf(ctx, view) };
}

export async function deleteTermMutation(ctx: GraphQLContext, taxonomy: string, input: { id: string; clientMutationId?: string | null }, modelOf: ModelOf) {
  writeArgs(taxonomy, 'update');
  const id = databaseIdOf(input.id, 'term');
  const view = await deleteTerm(ctx.domain, taxonomy, id, {});
  return { clientMutationId: input.clientMutationId ?? null, deletedId: toGlobalId('term', id), term: modelOf(ctx, view) };
}
