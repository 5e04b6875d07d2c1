/**
 * `events:import <file-or-url> [--as <login>]`: imports an iCalendar file or address through the
 * same import records and batches as the REST routes, as a user who may publish events (the
 * administrator by default), printing progress after every batch.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DomainContext } from '../domain/context';
import { isDomainError } from '../domain/errors';
import { startImport, type ImportRecord } from '../domain/events/imports';
import { LoaderCache } from '../domain/loaders';
import { viewerFor } from '../domain/viewer';

const USAGE = 'usage: events:import <file.ics | https://...> [--as <login>]';

function describe(record: ImportRecord): string {
  return `${String(record.percentage).padStart(3)}%  created ${record.created}, updated ${record.updated}, skipped ${record.skipped}, failed ${record.failed}`;
}

export async function eventsImportCommand(config: Config, db: Database, args: string[]): Promise<number> {
  const asIndex = args.indexOf('--as');
  const login = asIndex >= 0 ? args[asIndex + 1] : config.adminUser ?? 'admin';
  const target = args.filter((_, i) => asIndex < 0 || (i !== asIndex && i !== asIndex + 1))[0];
  if (!target || !login) {
    console.error(USAGE);
    return 2;
  }
  const user = await db.prisma.user.findFirst({ where: { OR: [{ login }, { email: login }] } });
  if (!user) {
    console.error(`no user ${login}`);
    return 2;
  }
  const ctx: DomainContext = { db, config, viewer: viewerFor(user), loaders: new LoaderCache(db) };
  const isUrl = /^(https?|webcals?):\/\//i.test(target);
  let document: { name: string; text: string } | undefined;
  if (!isUrl) {
    try {
      document = { name: path.basename(target), text: await readFile(target, 'utf8') };
    } catch (error) {
      console.error(`cannot read ${target}: ${(error as Error).message}`);
      return 2;
    }
  }
  console.log(`importing ${target} as ${user.login}`);
  try {
    const record = await startImport(ctx, isUrl ? { url: target } : { document }, {
      onProgress: (progress) => console.log(`batch ${progress.batchesDone}: ${describe(progress)}`),
    });
    console.log(`import ${record.id}: ${record.status} — ${record.totalEvents} event(s); ${describe(record).trim()}`);
    if (record.message) console.log(record.message);
    return record.status === 'success' ? 0 : 1;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    console.error(`${error.code}: ${error.message}`);
    return 1;
  }
}
