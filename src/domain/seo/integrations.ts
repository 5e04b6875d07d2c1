/**
 * Integration switches (Integrations_Action): `<integration>_integration_active` keys of the wpseo
 * option. An integration the option has no key for cannot be switched (Yoast's options helper
 * saves nothing for an unknown key and the action answers its failure object, with status 500 where
 * we say 400: the client named it).
 */
import type { DomainContext } from '../context';
import type { SeoResult } from './configuration';
import { isSeoOptionKey, writeSeoOption } from './options';
import { requireSeo } from './permissions';

export async function setIntegrationActive(ctx: DomainContext, integration: string, active: boolean): Promise<SeoResult> {
  requireSeo(ctx.viewer, 'wpseo_manage_options');
  const key = `${integration}_integration_active`;
  if (!isSeoOptionKey('wpseo', key)) return { success: false, status: 400, error: 'Could not save the option in the database' };
  await ctx.db.prisma.$transaction(async (tx) => {
    await writeSeoOption(tx, 'wpseo', { [key]: active });
  });
  return { success: true, status: 200 };
}
