/**
 * Who may do what with terms: the taxonomy capabilities (manage/edit/delete/assign_terms) and the
 * meta capabilities edit_term and delete_term as map_meta_cap resolves them, plus the rule for
 * reading the terms of one content record (check_read_terms_permission_for_post).
 */
import { canReadContent } from '../content/permissions';
import { postType } from '../content/post-types';
import type { TaxonomyDef } from '../content/taxonomies';
import type { Viewer } from '../viewer';
import type { ContentSummary } from './loaders';

/** `context=edit` on a collection needs the taxonomy's edit_terms capability. */
export function canEditTermsOf(viewer: Viewer, taxonomy: TaxonomyDef): boolean {
  return viewer.can(taxonomy.caps.edit_terms);
}

/**
 * Who may create a term. REST's create_item_permissions_check: hierarchical taxonomies need
 * edit_terms, flat ones only assign_terms. WPGraphQL's TermObjectCreate asks edit_terms of every
 * taxonomy (`rule: 'edit_terms'`).
 */
export type TermCreateRule = 'rest' | 'edit_terms';

export function canCreateTermIn(viewer: Viewer, taxonomy: TaxonomyDef, rule: TermCreateRule = 'rest'): boolean {
  return viewer.can(taxonomy.hierarchical || rule === 'edit_terms' ? taxonomy.caps.edit_terms : taxonomy.caps.assign_terms);
}

/** edit_term: maps to the taxonomy's edit_terms capability. */
export function canEditTerm(viewer: Viewer, taxonomy: TaxonomyDef): boolean {
  return viewer.can(taxonomy.caps.edit_terms);
}

/**
 * delete_term: the taxonomy's delete_terms capability, except for the taxonomy's default term
 * (the `default_category` option for categories), which nobody may delete.
 */
export function canDeleteTerm(viewer: Viewer, taxonomy: TaxonomyDef, termId: number, defaultTermId: number): boolean {
  if (defaultTermId > 0 && termId === defaultTermId) return false;
  return viewer.can(taxonomy.caps.delete_terms);
}

/** The id of the taxonomy's default term, or 0 (only categories have one). */
export function defaultTermIdOf(taxonomy: TaxonomyDef, options: { default_category: number }): number {
  return taxonomy.slug === 'category' ? Math.trunc(Number(options.default_category)) || 0 : 0;
}

/**
 * Whether the terms of this content may be listed: its type must use the taxonomy, and it must be
 * publicly viewable (published, of a viewable type) or readable by the viewer (read_post).
 */
export function canReadTermsOfContent(viewer: Viewer, taxonomy: TaxonomyDef, content: ContentSummary): boolean {
  if (!taxonomy.types.includes(content.type)) return false;
  const type = postType(content.type);
  if (!type) return false;
  if (type.viewable && content.status === 'publish') return true;
  return canReadContent(viewer, content);
}
