/**
 * The categories and tags of posts: read through the per-request term loaders (one query for
 * the terms of a whole page of posts), written as WPGraphQL's `{append, nodes}` term inputs.
 */
import { taxonomy as taxonomyDef } from '../../domain/content/taxonomies';
import { DomainError } from '../../domain/errors';
import { termsByContent } from '../../domain/posts/loaders';
import type { PostRecord } from '../../domain/posts/types';
import { termById } from '../../domain/terms/loaders';
import { listTerms } from '../../domain/terms/query';
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

/** The full set of term ids a `PostTermsInput` asks for (REST's `categories` / `tags` value). */
export async function postTermIds(ctx: GraphQLContext, taxonomy: string, input: PostTermsInput, postId: number | null): Promise<number[]> {
  const param = taxonomy === 'category' ? 'categories' : 'tags';
  const ids: number[] = [];
  const slugs: string[] = [];
  for (const node of input.nodes) {
    if (node.id !== null && node.id !== undefined) ids.push(databaseIdOf(node.id, 'term'));
    else if (node.slug) slugs.push(node.slug);
    else throw new DomainError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, { params: { [param]: 'Each term needs an id or a slug.' } });
  }
  if (slugs.length) {
    const found = await listTerms(ctx.domain, taxonomy, { slugs, hideEmpty: false, perPage: 100 });
    for (const slug of slugs) {
      const term = found.terms.find((t) => t.term.slug === slug);
      if (!term) throw new DomainError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, { params: { [param]: `No term has the slug "${slug}".` } });
      ids.push(term.term.id);
    }
  }
  if (input.append !== false && postId !== null) {
    const current = (await termsByContent(ctx.domain).load(postId)).filter((t) => t.taxonomy === taxonomy).map((t) => t.id);
    return [...new Set([...current, ...ids])];
  }
  return [...new Set(ids)];
}
