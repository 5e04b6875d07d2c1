/**
 * Who may manage redirects: the plugin's capabilities (Redirection_Capabilities), each of which
 * maps to `manage_options` by default. The rule lives here once; both faces ask it.
 */
import { forbidden, type DomainError } from '../errors';
import type { Viewer } from '../viewer';

export const REDIRECT_CAPABILITIES = [
  'redirect_manage', 'redirect_add', 'redirect_delete',
  'group_manage', 'group_add', 'group_delete',
  'log_manage', 'log_delete',
  '404_manage', '404_delete',
  'io_manage', 'option_manage', 'support_manage', 'site_manage',
] as const;
export type RedirectCapability = (typeof REDIRECT_CAPABILITIES)[number];

/** The plugin's redirection_capability_check default: every capability is `manage_options`. */
export function canRedirects(viewer: Viewer, capability: RedirectCapability): boolean {
  void capability;
  return viewer.can('manage_options');
}

/** Throws WordPress's rest_forbidden (401 anonymous, 403 signed in) unless the viewer has the capability. */
export function requireRedirects(viewer: Viewer, capability: RedirectCapability): void {
  if (!canRedirects(viewer, capability)) throw notAllowed(viewer);
}

function notAllowed(viewer: Viewer): DomainError {
  return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', viewer);
}
