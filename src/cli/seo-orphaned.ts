/**
 * `seo:orphaned [--type <post type>] [--page <n>] [--per-page <n>] [--as <login>]`: lists the
 * published, indexable content no other published content links to (src/domain/seo/orphaned.ts),
 * cornerstone content first, read from the stored links (run `seo:reindex` first on a site whose
 * links were never indexed). As a user who may see the SEO dashboards (the administrator by default).
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DomainContext } from '../domain/context';
import { isDomainError } from '../domain/errors';
import { LoaderCache } from '../domain/loaders';
import { orphanedContent } from '../domain/seo/orphaned';
import { viewerFor } from '../domain/viewer';

const USAGE = 'usage: seo:orphaned [--type post|page|tribe_events|tribe_venue|tribe_organizer] [--page <n>] [--per-page <n>] [--as <login>]';
const FLAGS = ['--type', '--page', '--per-page', '--as'];

/** Flag values (each flag followed by its value); null when anything else is there. */
function flagsOf(args: string[]): Map<string, string> | null {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const value = args[i + 1];
    if (!FLAGS.includes(args[i]) || value === undefined || out.has(args[i])) return null;
    out.set(args[i], value);
  }
  return out;
}

function integer(value: string | undefined): number | undefined {
  return value === undefined ? undefined : /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export async function seoOrphanedCommand(config: Config, db: Database, args: string[]): Promise<number> {
  const flags = flagsOf(args);
  if (!flags) {
    console.error(USAGE);
    return 2;
  }
  const login = flags.get('--as') ?? config.adminUser ?? 'admin';
  const user = await db.prisma.user.findFirst({ where: { OR: [{ login }, { email: login }] } });
  if (!user) {
    console.error(`no user ${login}`);
    return 2;
  }
  const ctx: DomainContext = { db, config, viewer: viewerFor(user), loaders: new LoaderCache(db) };
  try {
    const result = await orphanedContent(ctx, { postType: flags.get('--type'), page: integer(flags.get('--page')), perPage: integer(flags.get('--per-page')) });
    for (const item of result.items) {
      console.log([String(item.id).padStart(6), item.type.padEnd(15), item.isCornerstone ? 'cornerstone' : '           ', item.title || '(no title)', item.permalink].join('  '));
    }
    console.log(`${result.total} orphaned item${result.total === 1 ? '' : 's'}${result.totalPages > 1 ? `, page ${result.page} of ${result.totalPages}` : ''}`);
    return 0;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    console.error(error.message);
    return 2;
  }
}
