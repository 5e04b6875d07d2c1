/**
 * The categories and tags of posts: read through the per-request term loaders (one query for
 * the terms of a whole page of posts), written as WPGraphQL's `{append, nodes}` term inputs
 * (the domain's term assignment, posts/term-assignment.ts).
 */
import { taxonomy as taxonomyDef } from '../../domain/content/taxonomies';
import { assignedTermIds } from '../../domain/posts/term-assignment';
import type { PostRecord } from '../../domain/posts/types';
import { termById } from '../../domain/terms/loaders';
import { describeTerms, type TermView } from '../../domain/terms/terms';
import type { Term } from '../../generated/prisma-sqlite/client';
import type { PostTermsInput } from '../../generated/graphql';
import type { GraphQLContext } from '../context';
import { databaseIdOf } from '../global-id';

export async function termsOfRecord(ctx: GraphQLContext, record: PostRecord, taxonomy: string): Promise<TermView[]> {
  const ids = record.terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.id);
  const terms = (await termById(ctx.domain).loadMany(ids)).filter((t): t is Term => t !== null && !(t instanceof Error));
  const def = taxonomyDef(taxonomy);
  return def ? describeTerms(ctx.domain, def, terms) : [];
}

/** A `PostTermsInput` ({append, nodes}) as the domain's term assignment, resolved to REST's `categories` / `tags` ids. */
export function postTermIds(ctx: GraphQLContext, taxonomy: string, input: PostTermsInput, postId: number | null): Promise<number[]> {
  const terms = input.nodes.map((node) => (node.id !== null && node.id !== undefined ? { id: databaseIdOf(node.id, 'term') } : { slug: node.slug ?? undefined }));
  return assignedTermIds(ctx.domain, taxonomy, { terms, append: input.append !== false }, postId);
}
