/**
 * Site settings in WPGraphQL's groups. The public ones (title, tagline, address, reading options)
 * come from the site options every page shows; e-mail and the writing/discussion groups need
 * manage_options, as the REST settings route does. Updates go through the REST settings
 * parameters and the domain's updateSettings.
 */
import { siteOptionsOf, type SiteOptions } from '../../domain/settings/options';
import { assertCanManageSettings, canManageSettings, getSettings, updateSettings, type SettingName } from '../../domain/settings/settings';
import type { Resolvers, UpdateSettingsInput } from '../../generated/graphql';
import { changesFrom, UPDATE_ARGS } from '../../domain/settings/contract';
import type { GraphQLContext } from '../context';
import { checkedArgs, type ArgNames } from '../contract-args';

function managerOptions(ctx: GraphQLContext): Promise<SiteOptions> {
  assertCanManageSettings(ctx.viewer);
  return siteOptionsOf(ctx.domain);
}

/** GraphQL input field → REST setting name. */
const INPUT_SETTINGS: Record<string, SettingName> = {
  generalSettingsTitle: 'title',
  generalSettingsDescription: 'description',
  generalSettingsEmail: 'email',
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
    if (value !== undefined) params[setting] = value;
  }
  return params;
}

export const settingsResolvers: Resolvers = {
  Query: {
    generalSettings: (_, __, ctx) => siteOptionsOf(ctx.domain),
    readingSettings: (_, __, ctx) => siteOptionsOf(ctx.domain),
    writingSettings: (_, __, ctx) => managerOptions(ctx),
    discussionSettings: (_, __, ctx) => managerOptions(ctx),
  },
  GeneralSettings: {
    title: (o) => o.title,
    description: (o) => o.description,
    url: (_, __, ctx) => ctx.domain.config.siteUrl,
    // The domain's reading: an unset admin e-mail falls back to the installer's address.
    email: async (_, __, ctx) => (canManageSettings(ctx.viewer) ? String((await getSettings(ctx.domain)).email) : null),
    timezone: (o) => o.timezone_string,
    dateFormat: (o) => o.date_format,
    timeFormat: (o) => o.time_format,
    startOfWeek: (o) => o.start_of_week,
    language: (o) => o.language,
  },
  ReadingSettings: {
    postsPerPage: (o) => o.posts_per_page,
    showOnFront: (o) => o.show_on_front,
    pageOnFront: (o) => o.page_on_front,
    pageForPosts: (o) => o.page_for_posts,
  },
  WritingSettings: {
    defaultCategory: (o) => o.default_category,
    defaultPostFormat: (o) => o.default_post_format,
    useSmilies: (o) => o.use_smilies,
  },
  DiscussionSettings: {
    defaultCommentStatus: (o) => o.default_comment_status,
    defaultPingStatus: (o) => o.default_ping_status,
  },
  Mutation: {
    updateSettings: async (_, { input }, ctx) => {
      await updateSettings(ctx.domain, changesFrom(checkedArgs(UPDATE_ARGS, restParams(input), SETTING_NAMES)));
      ctx.domain.loaders.clear();
      const options = await siteOptionsOf(ctx.domain);
      return { clientMutationId: input.clientMutationId, generalSettings: options, readingSettings: options, writingSettings: options, discussionSettings: options };
    },
  },
};
