/**
 * Who may use the seo/v1 routes, as Yoast SEO's permission callbacks decide. Yoast's own capability
 * `wpseo_manage_options` is granted to administrators (WPSEO_Capability_Manager maps it onto
 * `manage_options`); the others are WordPress's. The rule lives here once; both faces ask it.
 */
import { forbidden } from '../errors';
import type { Viewer } from '../viewer';

export type SeoCapability =
  /** Yoast's settings capability (configuration, integrations, available posts, scores). */
  | 'wpseo_manage_options'
  /** WordPress's own, as Yoast's routes ask them. */
  | 'manage_options'
  | 'read'
  | 'edit_posts'
  | 'edit_pages'
  | 'edit_others_posts';

export function canSeo(viewer: Viewer, capability: SeoCapability): boolean {
  return viewer.can(capability === 'wpseo_manage_options' ? 'manage_options' : capability);
}

/** Throws WordPress's rest_forbidden (401 anonymous, 403 signed in) unless the viewer has one of the capabilities. */
export function requireSeo(viewer: Viewer, ...capabilities: SeoCapability[]): void {
  if (!capabilities.some((capability) => canSeo(viewer, capability))) {
    throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
  }
}
