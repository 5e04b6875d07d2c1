/**
 * Which terms a write assigns to a post when they are named by id or by slug, and whether they are
 * added to the post's current terms (WPGraphQL's `{append, nodes}` term inputs; `append` defaults to
 * true there). The result is the full list of ids REST's `categories` / `tags` field takes.
 */
import { taxonomy as taxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { termIdBy } from '../terms/lookup';
import { termsByContent } from './loaders';

export interface TermAssignment {
  /** The terms, each by id or by slug. */
  terms: ReadonlyArray<{ id?: number; slug?: string }>;
  /** Add to the post's current terms (true) or replace them. */
  append: boolean;
}

function invalid(param: string, message: string): DomainError {
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, { params: { [param]: message } });
}

/** The ids of the taxonomy's terms the post will have (postId null: a new post). */
export async function assignedTermIds(ctx: DomainContext, taxonomy: string, assignment: TermAssignment, postId: number | null): Promise<number[]> {
  const param = taxonomyDef(taxonomy)?.restBase ?? taxonomy;
  const ids: number[] = [];
  for (const term of assignment.terms) {
    if (term.id !== undefined) ids.push(term.id);
    else if (term.slug) {
      const id = await termIdBy(ctx, taxonomy, 'slug', term.slug);
      if (id === null) throw invalid(param, `No term has the slug "${term.slug}".`);
      ids.push(id);
    } else throw invalid(param, 'Each term needs an id or a slug.');
  }
  if (assignment.append && postId !== null) {
    const current = (await termsByContent(ctx).load(postId)).filter((t) => t.taxonomy === taxonomy).map((t) => t.id);
    return [...new Set([...current, ...ids])];
  }
  return [...new Set(ids)];
}
