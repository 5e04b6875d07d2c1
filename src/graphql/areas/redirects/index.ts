/**
 * The redirects area (graphql/redirects-additions.graphql): redirects, groups, the hit and 404
 * logs and the settings, with their mutations, over src/domain/redirects (the functions
 * redirects/v1 uses); and `redirection`, the Add WPGraphQL Redirection plugin's list for front-ends.
 */
import { redirectionEntries } from '../../../domain/redirects/redirection-list';
import { redirectSettingsView } from '../../../domain/redirects/settings-write';
import type { ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { globalIdOf, plainIdOf, type IdKind } from '../../global-id';
import type { Area } from '../../model';
import { groupConnection, logConnection, redirectConnection } from './connections';
import { groupModelById, notFoundLogEntryById, redirectLogEntryById, redirectModelById } from './lookups';
import {
  NotFoundLogEntryModel, RedirectGroupModel, RedirectionRedirectModel, RedirectionRedirectsModel, RedirectLogEntryModel, RedirectModel, RedirectSourceFlagsModel,
} from './models';
import { mutations } from './mutations';
import { RedirectSettingsModel } from './settings';
import type { GroupWhere, LogWhere, RedirectWhere } from './where';

type Lookup = { id: string; idType?: string | null };
const idOf = (args: Lookup, kind: IdKind) => (args.idType === 'DATABASE_ID' ? plainIdOf(args.id) : globalIdOf(args.id, kind));

export const redirectsArea: Area = {
  resolvers: {
    RootQuery: {
      redirection: async (_: unknown, __: unknown, ctx: GraphQLContext) => new RedirectionRedirectsModel(await redirectionEntries(ctx.domain)),
      redirect: (_: unknown, args: Lookup, ctx: GraphQLContext) => redirectModelById(ctx, idOf(args, 'redirect')),
      redirects: (_: unknown, args: ConnectionArgs & { where?: RedirectWhere | null }, ctx: GraphQLContext) => redirectConnection(ctx, args, args.where),
      redirectGroup: (_: unknown, args: Lookup, ctx: GraphQLContext) => groupModelById(ctx, idOf(args, 'redirect_group')),
      redirectGroups: (_: unknown, args: ConnectionArgs & { where?: GroupWhere | null }, ctx: GraphQLContext) => groupConnection(ctx, args, args.where),
      redirectLogEntries: (_: unknown, args: ConnectionArgs & { where?: LogWhere | null }, ctx: GraphQLContext) => logConnection(ctx, 'redirect', args, args.where),
      notFoundLogEntries: (_: unknown, args: ConnectionArgs & { where?: LogWhere | null }, ctx: GraphQLContext) => logConnection(ctx, '404', args, args.where),
      redirectSettings: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
        const view = await orNull(() => redirectSettingsView(ctx.domain));
        return view ? new RedirectSettingsModel(view.settings) : null;
      },
    },
    RootMutation: mutations,
  } as Area['resolvers'],
  models: {
    Redirect: RedirectModel,
    RedirectGroup: RedirectGroupModel,
    RedirectSourceFlags: RedirectSourceFlagsModel,
    RedirectLogEntry: RedirectLogEntryModel,
    NotFoundLogEntry: NotFoundLogEntryModel,
    RedirectSettings: RedirectSettingsModel,
    RedirectionRedirects: RedirectionRedirectsModel,
    RedirectionRedirect: RedirectionRedirectModel,
  },
  nodes: {
    byKind: { redirect: redirectModelById, redirect_group: groupModelById, redirect_log: redirectLogEntryById, not_found_log: notFoundLogEntryById },
  },
};
