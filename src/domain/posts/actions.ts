/**
 * get_available_actions() of the posts controller: what a viewer may do with records of a type,
 * which edit context advertises as `wp:action-*` links. Each action is named as WordPress names
 * it (`publish`, `sticky`, `create-categories`...); the REST face only prefixes the relation.
 */
import { canEditOthersOfType, canPublishType } from '../content/permissions';
import { postType } from '../content/post-types';
import { restTaxonomiesOf } from '../content/taxonomies';
import type { Viewer } from '../viewer';

export function availablePostActions(viewer: Viewer, type: string): string[] {
  const actions: string[] = [];
  if (canPublishType(viewer, type)) actions.push('publish');
  if (viewer.can('unfiltered_html')) actions.push('unfiltered-html');
  // Unlike the sticky write check (either capability), the action needs both.
  if (type === 'post' && canEditOthersOfType(viewer, type) && canPublishType(viewer, type)) actions.push('sticky');
  if (postType(type)?.supports.author && canEditOthersOfType(viewer, type)) actions.push('assign-author');
  for (const tax of restTaxonomiesOf(type)) {
    if (viewer.can(tax.hierarchical ? tax.caps.edit_terms : tax.caps.assign_terms)) actions.push(`create-${tax.restBase}`);
    if (viewer.can(tax.caps.assign_terms)) actions.push(`assign-${tax.restBase}`);
  }
  return actions;
}
