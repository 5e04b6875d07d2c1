/**
 * WPGraphQL's settings groups over the domain's readable settings (readableSettings: every setting
 * public, the admin e-mail only for managers). Each group is a Node with the id
 * "setting_group:<group>"; Settings is the flat view with group-prefixed names.
 */
import type { ReadableSettings } from '../../../domain/settings/settings';
import type { GraphQLContext } from '../../context';
import { oneToOne } from '../../connection';
import { Model } from '../../model';
import { contentNodeById } from '../../nodes';

const groupId = (group: string) => Buffer.from(`setting_group:${group}`, 'utf8').toString('base64');

abstract class SettingGroupModel extends Model {
  constructor(readonly settings: ReadableSettings) {
    super();
  }
  protected abstract readonly group: string;
  get id(): string {
    return groupId(this.group);
  }
}

/** The site icon's media item, when one is set and the viewer may see it. */
async function siteIconOf(ctx: GraphQLContext, settings: ReadableSettings): Promise<Model | null> {
  const id = Number(settings.site_icon);
  return id > 0 ? contentNodeById(ctx, id, 'attachment') : null;
}

export class GeneralSettingsModel extends SettingGroupModel {
  protected readonly group = 'general';
  get __typename(): string {
    return 'GeneralSettings';
  }
  get title(): string {
    return String(this.settings.title);
  }
  get description(): string {
    return String(this.settings.description);
  }
  get url(): string {
    return String(this.settings.url);
  }
  get homeUrl(): string {
    return this.settings.home;
  }
  get email(): string | null {
    return this.settings.email;
  }
  get timezone(): string {
    return String(this.settings.timezone);
  }
  get dateFormat(): string {
    return String(this.settings.date_format);
  }
  get timeFormat(): string {
    return String(this.settings.time_format);
  }
  get startOfWeek(): number {
    return Number(this.settings.start_of_week);
  }
  get language(): string {
    return String(this.settings.language);
  }
  async siteIcon(_: unknown, ctx: GraphQLContext) {
    return oneToOne(await siteIconOf(ctx, this.settings));
  }
  /**
   * get_site_icon_url(): the icon's file address, '' without one. Only the full-size file is
   * stored here, so every size answers it (WordPress picks the closest generated size).
   */
  async siteIconUrl(_: { size?: number | null }, ctx: GraphQLContext): Promise<string> {
    const icon = (await siteIconOf(ctx, this.settings)) as (Model & { sourceUrl?: unknown; mediaItemUrl?: unknown }) | null;
    if (!icon) return '';
    const read = icon.sourceUrl ?? icon.mediaItemUrl;
    const url = typeof read === 'function' ? await (read as (args: object, ctx: GraphQLContext) => unknown).call(icon, {}, ctx) : read;
    return typeof url === 'string' ? url : '';
  }
}

export class ReadingSettingsModel extends SettingGroupModel {
  protected readonly group = 'reading';
  get __typename(): string {
    return 'ReadingSettings';
  }
  get postsPerPage(): number {
    return Number(this.settings.posts_per_page);
  }
  get showOnFront(): string {
    return String(this.settings.show_on_front);
  }
  get pageOnFront(): number {
    return Number(this.settings.page_on_front);
  }
  get pageForPosts(): number {
    return Number(this.settings.page_for_posts);
  }
}

export class WritingSettingsModel extends SettingGroupModel {
  protected readonly group = 'writing';
  get __typename(): string {
    return 'WritingSettings';
  }
  get defaultCategory(): number {
    return Number(this.settings.default_category);
  }
  get defaultPostFormat(): string {
    return String(this.settings.default_post_format);
  }
  get useSmilies(): boolean {
    return Boolean(this.settings.use_smilies);
  }
}

export class DiscussionSettingsModel extends SettingGroupModel {
  protected readonly group = 'discussion';
  get __typename(): string {
    return 'DiscussionSettings';
  }
  get defaultCommentStatus(): string {
    return String(this.settings.default_comment_status);
  }
  get defaultPingStatus(): string {
    return String(this.settings.default_ping_status);
  }
}

export class PermalinkSettingsModel extends SettingGroupModel {
  protected readonly group = 'permalink';
  get __typename(): string {
    return 'PermalinkSettings';
  }
  get structure(): string {
    return this.settings.permalink_structure;
  }
  get categoryBase(): string {
    return this.settings.category_base;
  }
  get tagBase(): string {
    return this.settings.tag_base;
  }
}

/** `allSettings`: every group's fields under one type, prefixed with the group's name. */
export class SettingsModel extends Model {
  private readonly general: GeneralSettingsModel;
  private readonly reading: ReadingSettingsModel;
  private readonly writing: WritingSettingsModel;
  private readonly discussion: DiscussionSettingsModel;
  private readonly permalink: PermalinkSettingsModel;
  constructor(settings: ReadableSettings) {
    super();
    this.general = new GeneralSettingsModel(settings);
    this.reading = new ReadingSettingsModel(settings);
    this.writing = new WritingSettingsModel(settings);
    this.discussion = new DiscussionSettingsModel(settings);
    this.permalink = new PermalinkSettingsModel(settings);
  }
  get __typename(): string {
    return 'Settings';
  }
  get generalSettingsTitle() { return this.general.title; }
  get generalSettingsDescription() { return this.general.description; }
  get generalSettingsUrl() { return this.general.url; }
  get generalSettingsHomeUrl() { return this.general.homeUrl; }
  get generalSettingsEmail() { return this.general.email; }
  get generalSettingsTimezone() { return this.general.timezone; }
  get generalSettingsDateFormat() { return this.general.dateFormat; }
  get generalSettingsTimeFormat() { return this.general.timeFormat; }
  get generalSettingsStartOfWeek() { return this.general.startOfWeek; }
  get generalSettingsLanguage() { return this.general.language; }
  get readingSettingsPostsPerPage() { return this.reading.postsPerPage; }
  get readingSettingsShowOnFront() { return this.reading.showOnFront; }
  get readingSettingsPageOnFront() { return this.reading.pageOnFront; }
  get readingSettingsPageForPosts() { return this.reading.pageForPosts; }
  get writingSettingsDefaultCategory() { return this.writing.defaultCategory; }
  get writingSettingsDefaultPostFormat() { return this.writing.defaultPostFormat; }
  get writingSettingsUseSmilies() { return this.writing.useSmilies; }
  get discussionSettingsDefaultCommentStatus() { return this.discussion.defaultCommentStatus; }
  get discussionSettingsDefaultPingStatus() { return this.discussion.defaultPingStatus; }
  get permalinkSettingsStructure() { return this.permalink.structure; }
  get permalinkSettingsCategoryBase() { return this.permalink.categoryBase; }
  get permalinkSettingsTagBase() { return this.permalink.tagBase; }
}
