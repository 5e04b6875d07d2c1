/**
 * Dismissed alerts (Alert_Dismissal_Action), kept per user in `_yoast_alerts_dismissed`. Only the
 * alerts the plugin registers as dismissable (its `wpseo_allowed_dismissable_alerts` list) may be
 * dismissed; any other key is refused by the route's argument check.
 */
import type { DomainContext } from '../context';
import { requireSeo } from './permissions';
import { readSeoUserMeta, storedMap, writeSeoUserMeta } from './user-meta';

/** The dismissable alerts of the free plugin's own notices (each Abstract_Dismissable_Alert's identifier). */
export const DISMISSABLE_ALERTS: readonly string[] = ['webinar-promo-notification', 'black-friday-promotion', 'new-content-types-notification'];

export function isDismissableAlert(key: unknown): boolean {
  return typeof key === 'string' && DISMISSABLE_ALERTS.includes(key);
}

/** POST alerts/dismiss: true when the alert is (now, or already) dismissed for the signed-in user. */
export async function dismissAlert(ctx: DomainContext, key: string): Promise<boolean> {
  requireSeo(ctx.viewer, 'edit_posts');
  if (ctx.viewer.isAnonymous || !isDismissableAlert(key)) return false;
  const dismissed = storedMap((await readSeoUserMeta(ctx.db, ctx.viewer.id))._yoast_alerts_dismissed);
  if (Object.prototype.hasOwnProperty.call(dismissed, key)) return true;
  dismissed[key] = true;
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoUserMeta(tx, ctx.viewer.id, { _yoast_alerts_dismissed: { ...dismissed } });
  });
  return true;
}

/** The signed-in user's dismissed alerts. */
export async function dismissedAlerts(ctx: DomainContext): Promise<string[]> {
  if (ctx.viewer.isAnonymous) return [];
  return Object.keys(storedMap((await readSeoUserMeta(ctx.db, ctx.viewer.id))._yoast_alerts_dismissed));
}
