/** The settings area of the WPGraphQL schema (graphql/settings.graphql). */
import { readableSettings, updateSettings as writeSettings, type SettingName } from '../../../domain/settings/settings';
import { changesFrom, UPDATE_ARGS } from '../../../domain/settings/contract';
import type { UpdateSettingsInput } from '../../../generated/graphql';
import type { GraphQLContext } from '../../context';
import { checkedArgs, type ArgNames } from '../../contract-args';
import type { Area } from '../../model';
import { DiscussionSettingsModel, GeneralSettingsModel, PermalinkSettingsModel, ReadingSettingsModel, SettingsModel, WritingSettingsModel } from './groups';

/** UpdateSettingsInput field → the settings contract's (REST) name. */
const INPUT_SETTINGS: Record<string, SettingName> = {
  generalSettingsTitle: 'title',
  generalSettingsDescription: 'description',
  generalSettingsEmail: 'email',
  generalSettingsUrl: 'url',
  generalSettingsTimezone: 'timezone',
  generalSettingsDateFormat: 'date_format',
  generalSettingsTimeFormat: 'time_format',
  generalSettingsStartOfWeek: 'start_of_week',
  generalSettingsLanguage: 'language',
  readingSettingsPostsPerPage: 'posts_per_page',
  readingSettingsShowOnFront: 'show_on_front',
  readingSettingsPageOnFront: 'page_on_front',
  readingSettingsPageForPosts: 'page_for_posts',
  writingSettingsDefaultCategory: 'default_category',
  writingSettingsDefaultPostFormat: 'default_post_format',
  writingSettingsUseSmilies: 'use_smilies',
  discussionSettingsDefaultCommentStatus: 'default_comment_status',
  discussionSettingsDefaultPingStatus: 'default_ping_status',
};
const SETTING_FIELDS = Object.fromEntries(Object.entries(INPUT_SETTINGS).map(([field, setting]) => [setting, field]));
const SETTING_NAMES: ArgNames = (name) => `input.${SETTING_FIELDS[name] ?? name}`;

function restParams(input: UpdateSettingsInput): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [field, setting] of Object.entries(INPUT_SETTINGS)) {
    const value = (input as Record<string, unknown>)[field];
    if (value !== undefined && value !== null) params[setting] = value;
  }
  return params;
}

const group = <T>(make: new (s: Awaited<ReturnType<typeof readableSettings>>) => T) => async (_: unknown, __: unknown, ctx: GraphQLContext) => new make(await readableSettings(ctx.domain));

async function updateSettings(_: unknown, { input }: { input: UpdateSettingsInput }, ctx: GraphQLContext) {
  await writeSettings(ctx.domain, changesFrom(checkedArgs(UPDATE_ARGS, restParams(input), SETTING_NAMES)));
  // The options were read (and cached) before the write: the payload reads them anew.
  ctx.domain.loaders.clear();
  const settings = await readableSettings(ctx.domain);
  return {
    clientMutationId: input.clientMutationId,
    allSettings: new SettingsModel(settings),
    generalSettings: new GeneralSettingsModel(settings),
    readingSettings: new ReadingSettingsModel(settings),
    writingSettings: new WritingSettingsModel(settings),
    discussionSettings: new DiscussionSettingsModel(settings),
    permalinkSettings: new PermalinkSettingsModel(settings),
  };
}

export const settingsArea: Area = {
  resolvers: {
    RootQuery: {
      allSettings: group(SettingsModel),
      generalSettings: group(GeneralSettingsModel),
      readingSettings: group(ReadingSettingsModel),
      writingSettings: group(WritingSettingsModel),
      discussionSettings: group(DiscussionSettingsModel),
      permalinkSettings: group(PermalinkSettingsModel),
    },
    RootMutation: { updateSettings },
  },
  models: {
    Settings: SettingsModel,
    GeneralSettings: GeneralSettingsModel,
    ReadingSettings: ReadingSettingsModel,
    WritingSettings: WritingSettingsModel,
    DiscussionSettings: DiscussionSettingsModel,
    PermalinkSettings: PermalinkSettingsModel,
  },
};
