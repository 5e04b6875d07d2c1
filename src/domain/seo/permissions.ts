/**
 * Who may use the search-optimisation routes, as the plugin's permission callbacks say, with its
 * own capabilities mapped onto WordPress's: `wpseo_manage_options` is `manage_options` (the
 * plugin grants it to administrators; its SEO Manager role is not offered here). The rules live
 * here once; both faces ask them.
 */
import { forbidden, type DomainError } from '../errors';
import type { Viewer } from '../viewer';

/** The capabilities the seo/v1 routes check. */
export type SeoCapability = 'wpseo_manage_options' | 'edit_posts' | 'read' | 'edit_others_posts';

/** The plugin's capabilities by the WordPress capability that grants them. */
const MAPPED: Readonly<Record<string, string>> = { wpseo_manage_options: 'manage_options' };

export function canSeo(viewer: Viewer, capability: SeoCapability): boolean {
  return viewer.can(MAPPED[capability] ?? capability);
}

/** Throws WordPress's rest_forbidden (401 anonymous, 403 signed in) unless the viewer has the capability. */
export function requireSeo(viewer: Viewer, capability: SeoCapability): void {
  if (!canSeo(viewer, capability)) throw notAllowed(viewer);
}

function notAllowed(viewer: Viewer): DomainError {
  return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
}
