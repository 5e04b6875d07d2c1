/**
 * What the sanitiser needs from the site and this moment, for one write (read inside its transaction).
 */
import type { Prisma } from '../../db/client';
import type { DomainContext } from '../context';
import type { SanitizeEnv } from './sanitize';
import { readRedirectSettings, type RedirectSettings } from './settings';

export type Tx = Prisma.TransactionClient;

/** `settings`: as the caller already read them inside its transaction (permalink monitoring), else read now. */
export async function sanitizeEnv(ctx: DomainContext, tx: Tx, settings?: RedirectSettings): Promise<SanitizeEnv> {
  const site = new URL(ctx.config.siteUrl);
  return {
    settings: settings ?? (await readRedirectSettings(ctx.db)),
    siteHost: site.hostname,
    siteScheme: site.protocol.replace(/:$/, ''),
    now: new Date(),
    groupExists: async (id) => (await tx.redirectGroup.findUnique({ where: { id }, select: { id: true } })) !== null,
  };
}
