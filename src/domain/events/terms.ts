/**
 * Event categories (tribe_events_cat) and tags (the core post_tag taxonomy, as The Events
 * Calendar uses it) for `events/v1`: the plugin wraps WordPress's terms controller, so these run
 * the terms module (src/domain/terms) behind the plugin's own permission check (the events type's
 * edit_posts and the taxonomy's manage_terms for every write) and its archive defaults.
 */
import type { Config } from '../../config';
import type { Term } from '../../generated/prisma-sqlite/client';
import { taxonomy as taxonomyDef, type TaxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { forbidden } from '../errors';
import { termChain } from '../terms/loaders';
import { listTerms, type TermListQuery } from '../terms/query';
import { describeTerms, getTerm, type TermView } from '../terms/terms';
import { createTerm, deleteTerm, updateTerm, type TermChanges } from '../terms/writes';
import { invalidParam } from './linked';
import { HIDE_EMPTY_TERMS, type Face } from './limits';
import { canManageEventTerms } from './permissions';
import { EVENT_CATEGORY, type EVENT_TAG } from './types';
import { findTermId } from './validators';

export type EventTaxonomy = typeof EVENT_CATEGORY | typeof EVENT_TAG;

function def(taxonomy: EventTaxonomy): TaxonomyDef {
  return taxonomyDef(taxonomy) as TaxonomyDef;
}

/** get_term_link() as The Events Calendar rewrites categories: /events/category/<ancestors>/<slug>/. */
export function eventCategoryLink(config: Pick<Config, 'siteUrl' | 'permalinks'>, term: Pick<Term, 'id' | 'slug'>, ancestorSlugs: readonly string[]): string {
  if (config.permalinks !== 'pretty') return `${config.siteUrl}/?${EVENT_CATEGORY}=${term.slug}`;
  return `${config.siteUrl}/events/category/${[...ancestorSlugs].reverse().concat(term.slug).join('/')}/`;
}

/** Term views with the calendar's category links (ancestor chains come from the request's cache). */
export async function withLinks(ctx: DomainContext, taxonomy: EventTaxonomy, views: TermView[]): Promise<TermView[]> {
  if (taxonomy !== EVENT_CATEGORY) return views;
  return Promise.all(
    views.map(async (view) => {
      const chain = view.term.parentId > 0 ? await termChain(ctx).load(view.term.parentId) : [];
      const ancestors = chain.filter((node) => node.taxonomy === EVENT_CATEGORY).map((node) => node.slug);
      return { ...view, link: eventCategoryLink(ctx.config, view.term, ancestors) };
    }),
  );
}

/** The term an `id` argument names (is_event_category / is_post_tag: term_exists by id or slug). */
async function termIdOf(ctx: DomainContext, taxonomy: EventTaxonomy, id: number): Promise<number> {
  const found = await findTermId(ctx, taxonomy, id);
  if (found === null) throw invalidParam('id');
  return found;
}

export function canWriteEventTerms(ctx: DomainContext, taxonomy: EventTaxonomy): boolean {
  return canManageEventTerms(ctx.viewer, def(taxonomy).caps.manage_terms);
}

function assertCanWrite(ctx: DomainContext, taxonomy: EventTaxonomy): void {
  if (!canWriteEventTerms(ctx, taxonomy)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
}

export interface EventTermList {
  terms: TermView[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * A calendar taxonomy's terms: WordPress's terms listing, where an unset `hideEmpty` takes the
 * face's default (limits.ts: the plugin's REST archives hide unused terms, WPGraphQL shows them).
 */
export async function listEventTerms(ctx: DomainContext, taxonomy: EventTaxonomy, query: TermListQuery, face: Face): Promise<EventTermList> {
  const result = await listTerms(ctx, taxonomy, { ...query, hideEmpty: query.hideEmpty ?? HIDE_EMPTY_TERMS[face] });
  return { ...result, terms: await withLinks(ctx, taxonomy, result.terms) };
}

export async function getEventTerm(ctx: DomainContext, taxonomy: EventTaxonomy, id: number): Promise<TermView> {
  const view = await getTerm(ctx, taxonomy, await termIdOf(ctx, taxonomy, id));
  return (await withLinks(ctx, taxonomy, [view]))[0];
}

export async function createEventTerm(ctx: DomainContext, taxonomy: EventTaxonomy, input: TermChanges & { name: string }): Promise<TermView> {
  assertCanWrite(ctx, taxonomy);
  return (await withLinks(ctx, taxonomy, [await createTerm(ctx, taxonomy, input)]))[0];
}

export async function updateEventTerm(ctx: DomainContext, taxonomy: EventTaxonomy, id: number, changes: TermChanges): Promise<TermView> {
  const termId = await termIdOf(ctx, taxonomy, id);
  assertCanWrite(ctx, taxonomy);
  return (await withLinks(ctx, taxonomy, [await updateTerm(ctx, taxonomy, termId, changes)]))[0];
}

/** DELETE: terms cannot be trashed, so the plugin always forces; returns the term as it was. */
export async function deleteEventTerm(ctx: DomainContext, taxonomy: EventTaxonomy, id: number): Promise<TermView> {
  const termId = await termIdOf(ctx, taxonomy, id);
  assertCanWrite(ctx, taxonomy);
  const view = (await withLinks(ctx, taxonomy, [await getTerm(ctx, taxonomy, termId)]))[0];
  await deleteTerm(ctx, taxonomy, termId, {});
  return view;
}

/** Terms attached to events as views, with the calendar's category links. */
export async function describeEventTerms(ctx: DomainContext, taxonomy: EventTaxonomy, terms: readonly Term[]): Promise<TermView[]> {
  return withLinks(ctx, taxonomy, await describeTerms(ctx, def(taxonomy), terms));
}
