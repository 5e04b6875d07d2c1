/**
 * The two deployments of the spec and their namespace lists, in the spec's order.
 */
import type { SiteProfile } from '../config';

export const PROFILE_NAMESPACES: Record<SiteProfile, readonly string[]> = {
  core: ['oembed/1.0', 'core/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1'],
  full: ['oembed/1.0', 'security/v1', 'seo/v1', 'redirects/v1', 'events-import/v1', 'events/v1', 'views/v2', 'onboarding/v2', 'calendar/v1', 'core/v2', 'site-health/v1', 'block-editor/v1'],
};
