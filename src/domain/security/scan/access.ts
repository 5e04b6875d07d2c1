/**
 * Who may drive the scanner: the paired central dashboard (a site token, checked by
 * verifyCentralToken before the call) or an administrator (manage_options) signed in to the site.
 */
import { forbidden } from '../../errors';
import type { DomainContext } from '../../context';
import type { CentralCaller } from '../central-auth';

export function canScan(ctx: DomainContext, caller?: CentralCaller | null): boolean {
  return caller?.kind === 'site' || ctx.viewer.can('manage_options');
}

export function requireScanAccess(ctx: DomainContext, caller?: CentralCaller | null): void {
  if (!canScan(ctx, caller)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', ctx.viewer);
}
