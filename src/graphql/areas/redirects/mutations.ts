/**
 * The redirects mutations: WPGraphQL's input/payload shape over the domain's writes (the same
 * functions as redirects/v1), which check the viewer's capabilities and every value. Inputs are
 * translated into the plugin's field names; what a client leaves out is left out.
 */
import { bulkGroups, createGroup, getGroup, updateGroup } from '../../../domain/redirects/groups';
import { deleteLogs, type LogKind } from '../../../domain/redirects/logs';
import { bulkRedirects, createRedirect, getRedirect, updateRedirect, type RedirectBulkAction } from '../../../domain/redirects/redirects';
import { updateRedirectSettings } from '../../../domain/redirects/settings-write';
import type { RedirectInput } from '../../../domain/redirects/types';
import type { GraphQLContext } from '../../context';
import { databaseIdOf, toGlobalId, type IdKind } from '../../global-id';
import { siteDefaultFlags, siteDefaultGroupId } from './lookups';
import { QUERY_FLAG_OF, RedirectGroupModel, RedirectModel } from './models';
import { jsonOf, RedirectSettingsModel, settingsInputOf } from './settings';
import { logFilterBy, redirectFilterBy, type LogWhere, type RedirectWhere } from './where';

type Input = Record<string, unknown> & { clientMutationId?: string | null };
type Args = { input: Input };

const cmid = (input: Input) => input.clientMutationId ?? null;
const has = (input: Input, key: string) => Object.prototype.hasOwnProperty.call(input, key) && input[key] !== null && input[key] !== undefined;

/** A redirect input as the plugin's fields (RedirectInput); only what was given. */
function redirectInputOf(input: Input): RedirectInput {
  const out: Record<string, unknown> = Object.create(null);
  if (has(input, 'url')) out.url = input.url;
  if (has(input, 'groupId')) out.group_id = databaseIdOf(input.groupId as string, 'redirect_group');
  if (has(input, 'title')) out.title = input.title;
  if (has(input, 'enabled')) out.enabled = input.enabled;
  if (has(input, 'regex')) out.regex = input.regex ? 1 : 0;
  if (has(input, 'position')) out.position = input.position;
  if (has(input, 'matchType')) out.match_type = String(input.matchType).toLowerCase();
  if (has(input, 'actionType')) out.action_type = String(input.actionType).toLowerCase();
  if (has(input, 'actionCode')) out.action_code = input.actionCode;
  if (has(input, 'actionData')) out.action_data = jsonOf(input.actionData as string, 'actionData');
  else if (has(input, 'target')) out.action_data = { url: input.target };
  const matchData: Record<string, unknown> = {};
  if (has(input, 'sourceFlags')) {
    const flags = input.sourceFlags as Record<string, unknown>;
    const source: Record<string, unknown> = {};
    if (typeof flags.query === 'string') source.flag_query = QUERY_FLAG_OF[flags.query];
    if (typeof flags.caseInsensitive === 'boolean') source.flag_case = flags.caseInsensitive;
    if (typeof flags.ignoreTrailingSlash === 'boolean') source.flag_trailing = flags.ignoreTrailingSlash;
    matchData.source = source;
  }
  if (has(input, 'logExcluded')) matchData.options = { log_exclude: input.logExcluded === true };
  if (Object.keys(matchData).length) out.match_data = matchData;
  return out as RedirectInput;
}

const ids = (values: unknown, kind: IdKind): number[] | undefined =>
  Array.isArray(values) ? values.filter((v) => v !== null && v !== undefined).map((v) => databaseIdOf(v as string, kind)) : undefined;

async function redirectModel(ctx: GraphQLContext, record: Awaited<ReturnType<typeof getRedirect>>): Promise<RedirectModel> {
  return new RedirectModel(record, await siteDefaultFlags(ctx));
}

async function groupModel(ctx: GraphQLContext, record: Awaited<ReturnType<typeof getGroup>>): Promise<RedirectGroupModel> {
  return new RedirectGroupModel(record, record.id === (await siteDefaultGroupId(ctx)));
}

async function deleteLogEntries(ctx: GraphQLContext, kind: LogKind, input: Input) {
  const items = ids(input.ids, kind === 'redirect' ? 'redirect_log' : 'not_found_log');
  const filterBy = logFilterBy((input.where ?? {}) as LogWhere);
  const list = await deleteLogs(ctx.domain, kind, items ? { items } : { global: true }, { filterBy });
  return { clientMutationId: cmid(input), remaining: list.total };
}

export const mutations = {
  createRedirect: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const record = await createRedirect(ctx.domain, redirectInputOf(input));
    return { clientMutationId: cmid(input), redirect: await redirectModel(ctx, record) };
  },
  updateRedirect: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const record = await updateRedirect(ctx.domain, databaseIdOf(input.id as string, 'redirect'), redirectInputOf(input));
    return { clientMutationId: cmid(input), redirect: await redirectModel(ctx, record) };
  },
  deleteRedirect: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const id = databaseIdOf(input.id as string, 'redirect');
    const record = await getRedirect(ctx.domain, id);
    await bulkRedirects(ctx.domain, 'delete', { items: [id] });
    return { clientMutationId: cmid(input), deletedId: toGlobalId('redirect', id), redirect: await redirectModel(ctx, record) };
  },
  redirectBulkAction: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const action = String(input.action).toLowerCase() as RedirectBulkAction;
    const items = ids(input.ids, 'redirect');
    const target = items ? { items } : { global: true, filterBy: redirectFilterBy((input.where ?? {}) as RedirectWhere) };
    return { clientMutationId: cmid(input), count: await bulkRedirects(ctx.domain, action, target) };
  },
  createRedirectGroup: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const status = has(input, 'enabled') ? (input.enabled ? 'enabled' : 'disabled') : undefined;
    const record = await createGroup(ctx.domain, { name: input.name, moduleId: input.moduleId, status });
    return { clientMutationId: cmid(input), redirectGroup: await groupModel(ctx, record) };
  },
  updateRedirectGroup: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const id = databaseIdOf(input.id as string, 'redirect_group');
    // The domain takes a whole group (name and module); what the client left out is the group's own.
    const current = await getGroup(ctx.domain, id);
    const status = has(input, 'enabled') ? (input.enabled ? 'enabled' : 'disabled') : undefined;
    const record = await updateGroup(ctx.domain, id, { name: has(input, 'name') ? input.name : current.name, moduleId: has(input, 'moduleId') ? input.moduleId : current.moduleId, status });
    return { clientMutationId: cmid(input), redirectGroup: await groupModel(ctx, record) };
  },
  deleteRedirectGroup: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const id = databaseIdOf(input.id as string, 'redirect_group');
    const record = await getGroup(ctx.domain, id);
    const model = await groupModel(ctx, record);
    await bulkGroups(ctx.domain, 'delete', { items: [id] });
    return { clientMutationId: cmid(input), deletedId: toGlobalId('redirect_group', id), redirectGroup: model };
  },
  deleteRedirectLogEntries: (_: unknown, { input }: Args, ctx: GraphQLContext) => deleteLogEntries(ctx, 'redirect', input),
  deleteNotFoundLogEntries: (_: unknown, { input }: Args, ctx: GraphQLContext) => deleteLogEntries(ctx, '404', input),
  updateRedirectSettings: async (_: unknown, { input }: Args, ctx: GraphQLContext) => {
    const view = await updateRedirectSettings(ctx.domain, settingsInputOf(input));
    return { clientMutationId: cmid(input), redirectSettings: new RedirectSettingsModel(view.settings) };
  },
};
