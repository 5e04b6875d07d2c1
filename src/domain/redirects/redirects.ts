/**
 * Redirects: the list with the plugin's filters and orders, create (one per distinct source),
 * update, and the bulk actions. Every write runs in one transaction and passes the sanitiser;
 * the `redirects` cache tag its rows publish tells every instance to rebuild its rule index.
 *
 * API (stable; both faces call these):
 *   listRedirects(ctx, query)            -> { items, total, defaults }
 *   getRedirect(ctx, id)                 -> RedirectRecord            (redirect_not_found, 404)
 *   createRedirects(ctx, input)          -> RedirectRecord[]          (url: string | string[])
 *   createRedirect(ctx, input)           -> RedirectRecord
 *   updateRedirect(ctx, id, input)       -> RedirectRecord            (redirect_update_failed, 400)
 *   bulkRedirects(ctx, action, target)   -> number of redirects acted on (redirect_bulk_failed, 400)
 *   insertRedirect(tx, env, input)       -> RedirectRecord            (inside a caller's transaction)
 *   insertSanitized(tx, data)            -> RedirectRecord            (an already sanitised redirect)
 */
import { lockName } from '../../db/locks';
import { viaPrisma } from '../../db/read-audit';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { sanitizeEnv, type Tx } from './environment';
import { pageWindow, type ListQuery, type ListResult } from './list-query';
import { requireRedirects } from './permissions';
import { redirectRecordOf } from './records';
import { orderNeedsPrisma, redirectOrder, redirectWhere } from './redirect-where';
import { intval, sanitizeRedirect, type SanitizeEnv, type SanitizedRedirect } from './sanitize';
import { defaultSourceFlags, readRedirectSettings } from './settings';
import type { RedirectInput, RedirectRecord, SourceFlags } from './types';

export interface RedirectList extends ListResult<RedirectRecord> {
  /** The site's default source flags now (`match_data` is shown with them filled in: shownMatchData). */
  defaults: SourceFlags;
}

export const REDIRECT_BULK_ACTIONS = ['delete', 'enable', 'disable', 'reset'] as const;
export type RedirectBulkAction = (typeof REDIRECT_BULK_ACTIONS)[number];

/** The redirects a bulk action applies to: listed ids, or (`global`) every redirect the filters match. */
export interface BulkTarget {
  items?: unknown;
  global?: boolean;
  filterBy?: Record<string, unknown>;
}

/** The plugin's error data: `error_code` is the line of its API that answered (kept for its client). */
const failure = (code: string, message: string, line: number): DomainError => new DomainError(code, message, 400, { error_code: line });

/** A sanitiser error, with the line of the plugin's route that reports it. */
function withLine(error: unknown, line: number): unknown {
  return error instanceof DomainError && error.code === 'redirect' ? new DomainError(error.code, error.message, error.status, { ...error.data, error_code: line }) : error;
}

export async function listRedirects(ctx: DomainContext, query: ListQuery = {}): Promise<RedirectList> {
  requireRedirects(ctx.viewer, 'redirect_manage');
  const where = redirectWhere(query.filterBy, ctx.db.provider);
  const { take, skip } = pageWindow(query);
  const args = { where, orderBy: redirectOrder(query.orderby, query.direction), skip, take };
  const [rows, total, settings] = await Promise.all([
    ctx.db.read.redirect.findMany(orderNeedsPrisma(query.orderby) ? viaPrisma(args, 'never-hit redirects sort as the oldest: NULLS FIRST/LAST') : args),
    ctx.db.read.redirect.count({ where }),
    readRedirectSettings(ctx.db),
  ]);
  return { items: rows.map(redirectRecordOf), total, defaults: defaultSourceFlags(settings) };
}

export async function getRedirect(ctx: DomainContext, id: number): Promise<RedirectRecord> {
  requireRedirects(ctx.viewer, 'redirect_manage');
  const row = Number.isInteger(id) && id > 0 ? await ctx.db.read.redirect.findUnique({ where: { id } }) : null;
  if (!row) throw new DomainError('redirect_not_found', 'Invalid redirect', 404);
  return redirectRecordOf(row);
}

/** The columns every write of a sanitised redirect sets (position, state and counters differ between create and update). */
function sourceAndAction(data: SanitizedRedirect) {
  return {
    url: data.url,
    matchUrl: data.matchUrl,
    matchData: data.matchData,
    regex: data.regex,
    groupId: data.groupId,
    title: data.title,
    matchType: data.matchType,
    actionType: data.actionType,
    actionCode: data.actionCode,
  };
}

/** Inserts one sanitised redirect; 0/absent position appends it to its group (racers take turns per group). */
export async function insertSanitized(tx: Tx, data: SanitizedRedirect): Promise<RedirectRecord> {
  let position = data.position;
  if (position === null) {
    await lockName(tx, `redirect-group-${data.groupId}`);
    position = await tx.redirect.count({ where: { groupId: data.groupId } });
  }
  const row = await tx.redirect.create({
    data: {
      ...sourceAndAction(data),
      position,
      enabled: data.enabled ?? true,
      actionData: data.actionData ?? null,
      hits: data.hits ?? 0,
      lastAccess: data.lastAccess ?? null,
    },
  });
  return redirectRecordOf(row);
}

/** Creates redirects inside a caller's transaction (imports, permalink monitoring): sanitised like every other. */
export async function insertRedirect(tx: Tx, env: SanitizeEnv, input: RedirectInput): Promise<RedirectRecord> {
  return insertSanitized(tx, await sanitizeRedirect(input, env));
}

/**
 * route_create: `url` may be one source or a list; one redirect per distinct source, all else equal.
 * All or none are created. Without `url`, nothing is created (as the plugin).
 */
export async function createRedirects(ctx: DomainContext, input: RedirectInput): Promise<RedirectRecord[]> {
  requireRedirects(ctx.viewer, 'redirect_add');
  if (!Object.prototype.hasOwnProperty.call(input, 'url') || input.url === undefined || input.url === null) return [];
  const urls = [...new Set((Array.isArray(input.url) ? input.url : [input.url]).map((url) => (typeof url === 'string' || typeof url === 'number' ? String(url) : '')))];
  try {
    return await ctx.db.prisma.$transaction(async (tx) => {
      const env = await sanitizeEnv(ctx, tx);
      const created: RedirectRecord[] = [];
      for (const url of urls) created.push(await insertRedirect(tx, env, { ...input, url }));
      return created;
    });
  } catch (error) {
    throw withLine(error, 297);
  }
}

export async function createRedirect(ctx: DomainContext, input: RedirectInput): Promise<RedirectRecord> {
  const [created] = await createRedirects(ctx, { ...input, url: Array.isArray(input.url) ? input.url[0] : input.url ?? '' });
  return created;
}

/** The stored redirect as input, so an update changes only what the client sent. */
function asInput(record: RedirectRecord): RedirectInput {
  const source = { ...(record.matchData?.source ?? {}) };
  delete source.flag_regex;
  return {
    regex: record.regex ? 1 : 0,
    match_data: { source, ...(record.matchData?.options ? { options: record.matchData.options } : {}) },
    group_id: record.groupId,
    position: record.position,
    title: record.title ?? '',
    match_type: record.matchType,
    action_type: record.actionType,
    action_code: record.actionCode,
    action_data: record.actionData,
  };
}

/** The client's fields over the stored ones (`match_data` merged by part). */
function merged(stored: RedirectInput, given: RedirectInput): RedirectInput {
  const out: Record<string, unknown> = Object.assign(Object.create(null), stored);
  for (const key of Object.keys(given)) {
    const value = (given as Record<string, unknown>)[key];
    if (value !== undefined && key !== '__proto__') out[key] = value;
  }
  const storedData = stored.match_data as Record<string, unknown>;
  const givenData = given.match_data;
  if (givenData && typeof givenData === 'object' && !Array.isArray(givenData)) {
    const g = givenData as Record<string, unknown>;
    const has = (key: string) => Object.prototype.hasOwnProperty.call(g, key);
    out.match_data = { source: has('source') ? g.source : storedData.source, options: has('options') ? g.options : storedData.options };
  }
  return out as RedirectInput;
}

/**
 * route_update: unknown id -> redirect_update_failed. Unlike the plugin (which rewrites every field
 * from the request), fields the client did not send keep their stored values.
 */
export async function updateRedirect(ctx: DomainContext, id: number, input: RedirectInput): Promise<RedirectRecord> {
  requireRedirects(ctx.viewer, 'redirect_add');
  try {
    return await ctx.db.prisma.$transaction(async (tx) => {
      const row = Number.isInteger(id) && id > 0 && id <= 2147483647 ? await tx.redirect.findUnique({ where: { id } }) : null;
      if (!row) throw failure('redirect_update_failed', 'Invalid redirect details', 325);
      const record = redirectRecordOf(row);
      const env = await sanitizeEnv(ctx, tx);
      const givenUrl = Object.prototype.hasOwnProperty.call(input, 'url') && input.url !== undefined && input.url !== null;
      const data = await sanitizeRedirect(merged(asInput(record), input), env, givenUrl ? {} : { storedUrl: record.url });
      const updated = await tx.redirect.update({
        where: { id },
        data: {
          ...sourceAndAction(data),
          position: data.position ?? 0,
          ...(data.actionData !== undefined ? { actionData: data.actionData } : {}),
          ...(data.enabled !== undefined ? { enabled: data.enabled } : {}),
          ...(data.hits !== undefined ? { hits: data.hits } : {}),
          ...(data.lastAccess !== undefined ? { lastAccess: data.lastAccess } : {}),
        },
      });
      return redirectRecordOf(updated);
    });
  } catch (error) {
    throw withLine(error, 319);
  }
}

const ID_SLICE = 500;

export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The ids of a bulk `items` list (numbers or numeric strings). */
function bulkIds(items: unknown[]): number[] {
  return [...new Set(items.map((item) => intval(item)))];
}

/**
 * route_bulk: `items` (every id must exist, else redirect_bulk_failed and nothing changes), or
 * `global` with `filterBy` (every matching redirect). Reset zeroes the hits and forgets the last hit.
 */
export async function bulkRedirects(ctx: DomainContext, action: RedirectBulkAction, target: BulkTarget): Promise<number> {
  requireRedirects(ctx.viewer, action === 'delete' ? 'redirect_delete' : 'redirect_add');
  const data = action === 'enable' ? { enabled: true } : action === 'disable' ? { enabled: false } : { hits: 0, lastAccess: null };
  if (Array.isArray(target.items)) {
    const ids = bulkIds(target.items);
    if (ids.length === 0) return 0;
    return ctx.db.prisma.$transaction(async (tx) => {
      // In slices: a statement holds only so many parameters (Prisma's SQLite adapter: 999).
      const slices = chunks(ids, ID_SLICE);
      let found = 0;
      for (const slice of slices) found += await tx.redirect.count({ where: { id: { in: slice } } });
      if (found !== ids.length) throw failure('redirect_bulk_failed', 'Invalid redirect', 345);
      let done = 0;
      for (const slice of slices) {
        const where = { id: { in: slice } };
        done += (action === 'delete' ? await tx.redirect.deleteMany({ where }) : await tx.redirect.updateMany({ where, data })).count;
      }
      return done;
    });
  }
  if (target.global !== true) return 0;
  const where = redirectWhere(target.filterBy, ctx.db.provider);
  return ctx.db.prisma.$transaction(async (tx) => {
    const done = action === 'delete' ? await tx.redirect.deleteMany({ where }) : await tx.redirect.updateMany({ where, data });
    return done.count;
  });
}
