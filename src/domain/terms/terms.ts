/**
 * Reading terms of one taxonomy (categories and tags share this code): single terms, and the
 * decoration every record needs — its public link (with ancestor slugs for hierarchical links) and
 * whether its parent exists. Rules follow WP_REST_Terms_Controller (get_term,
 * get_item_permissions_check, prepare_links) and map_meta_cap (delete_term).
 */
import type { Term } from '../../generated/prisma-sqlite/client';
import { POST_FORMAT_TAXONOMY, taxonomy as taxonomyDef, type TaxonomyDef } from '../content/taxonomies';
import { formatTermName } from '../posts/formats';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { siteOptionsOf } from '../settings/options';
import { termById, termChain } from './loaders';
import { termLink } from './permalinks';
import { canDeleteTerm, canEditTerm, defaultTermIdOf } from './permissions';

/** A term with what its REST/GraphQL representation needs beyond the row. */
export interface TermView {
  term: Term;
  /** get_term_link(). */
  link: string;
  /** The parent term exists (WordPress then adds the `up` link). */
  parentExists: boolean;
}

/**
 * The registered taxonomy behind a terms resource (REST's routes name theirs; GraphQL also reaches
 * post_format, which REST does not show); an unknown one is a programming error.
 */
export function termTaxonomy(slug: string): TaxonomyDef {
  const def = taxonomyDef(slug);
  if (!def) throw new Error(`taxonomy ${slug} is not registered`);
  return def;
}

/** A term as WordPress reads it: post_format terms are named by their format (_post_format_get_term). */
function presented(term: Term): Term {
  return term.taxonomy === POST_FORMAT_TAXONOMY.slug ? { ...term, name: formatTermName(term.slug) } : term;
}

export function termNotFound(): DomainError {
  return new DomainError('rest_term_invalid', 'Term does not exist.', 404);
}

/** get_term(): the term with this id in this taxonomy, or rest_term_invalid (404). */
export async function findTerm(ctx: DomainContext, taxonomy: TaxonomyDef, id: number): Promise<Term> {
  const term = Number.isInteger(id) && id > 0 ? await termById(ctx).load(id) : null;
  if (!term || term.taxonomy !== taxonomy.slug) throw termNotFound();
  return term;
}

/** The id of the taxonomy's default term (0 when it has none), from the request's options. */
export async function defaultTermId(ctx: DomainContext, taxonomy: TaxonomyDef): Promise<number> {
  if (taxonomy.slug !== 'category') return 0;
  return defaultTermIdOf(taxonomy, await siteOptionsOf(ctx));
}

/**
 * Links and parent existence for a batch of terms (one ancestor query at most). The terms are
 * primed into termById so that later per-record checks (the self links' target hints) are free.
 */
export async function describeTerms(ctx: DomainContext, taxonomy: TaxonomyDef, terms: readonly Term[]): Promise<TermView[]> {
  for (const term of terms) termById(ctx).prime(term.id, term);
  const chains = await Promise.all(terms.map((t) => (taxonomy.hierarchical && t.parentId > 0 ? termChain(ctx).load(t.parentId) : Promise.resolve([]))));
  return terms.map((term, i) => {
    const ancestors = chains[i].filter((node) => node.taxonomy === term.taxonomy);
    return { term: presented(term), link: termLink(ctx.config, term, ancestors.map((node) => node.slug)), parentExists: ancestors.length > 0 };
  });
}

/** delete_term for this viewer; the default term is only looked up when the capability is there. */
export async function mayDeleteTerm(ctx: DomainContext, taxonomy: TaxonomyDef, termId: number): Promise<boolean> {
  if (!canDeleteTerm(ctx.viewer, taxonomy, termId, 0)) return false;
  return canDeleteTerm(ctx.viewer, taxonomy, termId, await defaultTermId(ctx, taxonomy));
}

/** get_item_permissions_check: the term must exist; `context=edit` needs edit_term. */
async function assertCanView(ctx: DomainContext, taxonomy: TaxonomyDef, id: number, context: string): Promise<Term> {
  const term = await findTerm(ctx, taxonomy, id);
  if (context === 'edit' && !canEditTerm(ctx.viewer, taxonomy)) {
    throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit this term.', ctx.viewer);
  }
  return term;
}

/** GET /{taxonomy}/{id}. */
export async function getTerm(ctx: DomainContext, taxonomySlug: string, id: number, context = 'view'): Promise<TermView> {
  const taxonomy = termTaxonomy(taxonomySlug);
  const term = await assertCanView(ctx, taxonomy, id, context);
  return (await describeTerms(ctx, taxonomy, [term]))[0];
}

/** Whether a permission check passes (DomainErrors are its "no"). */
export async function succeeds(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** For the Allow header: whether GET on the term would be permitted. */
export function canViewTerm(ctx: DomainContext, taxonomySlug: string, id: number, context = 'view'): Promise<boolean> {
  return succeeds(() => assertCanView(ctx, termTaxonomy(taxonomySlug), id, context));
}
