/**
 * One redirect, group or log entry by id for this request's viewer (null when there is none or the viewer may
 * not manage redirects: WPGraphQL's model layer), remembered for the rest of the request, so a page
 * of redirects asks for each group and for the site's default flags once.
 */
import { DomainError } from '../../../domain/errors';
import { defaultGroupId, getGroup } from '../../../domain/redirects/groups';
import { getLogEntry } from '../../../domain/redirects/logs-entry';
import { getRedirect } from '../../../domain/redirects/redirects';
import { defaultSourceFlags, readRedirectSettings } from '../../../domain/redirects/settings';
import type { SourceFlags } from '../../../domain/redirects/types';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { NotFoundLogEntryModel, RedirectGroupModel, RedirectLogEntryModel, RedirectModel } from './models';

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `read` once per request and key (a write in the same request clears nothing here: mutations read after they write). */
function once<T>(ctx: GraphQLContext, key: string, read: () => Promise<T>): Promise<T> {
  let memo = memos.get(ctx.domain.loaders);
  if (!memo) {
    memo = new Map();
    memos.set(ctx.domain.loaders, memo);
  }
  let found = memo.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    memo.set(key, found);
  }
  return found;
}

/** The site's default source flags (what a redirect's own flags are shown over). */
export function siteDefaultFlags(ctx: GraphQLContext): Promise<SourceFlags> {
  return once(ctx, 'flags', async () => defaultSourceFlags(await readRedirectSettings(ctx.domain.db)));
}

export function siteDefaultGroupId(ctx: GraphQLContext): Promise<number> {
  return once(ctx, 'default-group', () => defaultGroupId(ctx.domain));
}

export async function redirectModelById(ctx: GraphQLContext, id: number): Promise<RedirectModel | null> {
  const [record, defaults] = await Promise.all([orNull(() => getRedirect(ctx.domain, id)), siteDefaultFlags(ctx)]);
  return record ? new RedirectModel(record, defaults) : null;
}

export function groupModelById(ctx: GraphQLContext, id: number): Promise<RedirectGroupModel | null> {
  return once(ctx, `group:${id}`, async () => {
    const record = await orNull(() => getGroup(ctx.domain, id).catch(unknownGroupIsNone));
    return record ? new RedirectGroupModel(record, record.id === (await siteDefaultGroupId(ctx))) : null;
  });
}

export async function redirectLogEntryById(ctx: GraphQLContext, id: number): Promise<RedirectLogEntryModel | null> {
  const record = await orNull(() => getLogEntry(ctx.domain, 'redirect', id));
  return record ? new RedirectLogEntryModel(record) : null;
}

export async function notFoundLogEntryById(ctx: GraphQLContext, id: number): Promise<NotFoundLogEntryModel | null> {
  const record = await orNull(() => getLogEntry(ctx.domain, '404', id));
  return record ? new NotFoundLogEntryModel(record) : null;
}

/** The plugin answers an unknown group id with redirect_group_invalid (400): here it is no group. */
function unknownGroupIsNone(error: unknown): null {
  if (error instanceof DomainError && error.code === 'redirect_group_invalid') return null;
  throw error;
}
