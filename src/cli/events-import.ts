/**
 * `events:import <file-or-url> [--as <login>] [--horizon-days <n>]`: imports an iCalendar file or
 * address through the same import records and batches as the REST routes, as a user who may
 * publish events (the administrator by default), printing progress after every batch and, at the
 * end, what the calendar holds that was not imported. `--horizon-days` overrides
 * ICAL_EXPANSION_HORIZON_DAYS (how far ahead a series without end is expanded).
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

const USAGE = 'usage: events:import <file.ics | https://...> [--as <login>] [--horizon-days <n>]';

/** The value after a flag, and the arguments without the flag and its value. */
function option(args: string[], flag: string): { value?: string; rest: string[] } {
  const at = args.indexOf(flag);
  if (at < 0) return { rest: args };
  return { value: args[at + 1] ?? '', rest: args.filter((_, i) => i !== at && i !== at + 1) };
}

function describe(record: ImportRecord): string {
  return `${String(record.percentage).padStart(3)}%  created ${record.created}, updated ${record.updated}, skipped ${record.skipped}, failed ${record.failed}`;
}

export async function eventsImportCommand(config: Config, db: Database, args: string[]): Promise<number> {
  const as = option(args, '--as');
  const horizon = option(as.rest, '--horizon-days');
  const login = as.value ?? config.adminUser ?? 'admin';
  const target = horizon.rest[0];
  const horizonDays = horizon.value === undefined ? undefined : Number(horizon.value);
  if (!target || !login || (horizonDays !== undefined && !(Number.isInteger(horizonDays) && horizonDays > 0))) {
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
      horizonDays,
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
