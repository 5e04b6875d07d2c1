/**
 * Imports from other SEO plugins (Importing_Route and its importers). Yoast imports from All in
 * One SEO (`aioseo`): its posts table and its options. This site never ran that plugin, so its
 * data is always absent, and each importer answers as Yoast's do then: nothing imported
 * (`{objects: [], next_url: false}`), except `validate_data`, which reports the missing data.
 * Yoast serves that report as a WordPress error without a status (so HTTP 500, with a PHP stack
 * trace); here it is a 400 without the trace. Unknown importers: 404 `rest_no_route`.
 */
import { DomainError } from '../errors';
import type { DomainContext } from '../context';
import { requireSeo } from './permissions';

export const IMPORTERS: Readonly<Record<string, readonly string[]>> = {
  aioseo: ['posts', 'cleanup', 'validate_data', 'custom_archive_settings', 'default_archive_settings', 'general_settings', 'posttype_default_settings', 'taxonomy_settings'],
};

export interface ImportBatch {
  objects: unknown[];
  next_url: string | false;
}

export async function runImporter(ctx: DomainContext, plugin: string, type: string): Promise<ImportBatch> {
  requireSeo(ctx.viewer, 'edit_posts');
  const known = Object.prototype.hasOwnProperty.call(IMPORTERS, plugin) && IMPORTERS[plugin].includes(type);
  if (!known) throw new DomainError('rest_no_route', 'Requested importer not found', 404);
  if (type === 'validate_data') {
    throw new DomainError('wpseo_error_indexing', 'The AIOSEO import was cancelled because some AIOSEO data are missing.', 400);
  }
  return { objects: [], next_url: false };
}
