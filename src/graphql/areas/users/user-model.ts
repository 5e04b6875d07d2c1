/**
 * WPGraphQL's User model over a user row. Who may see the user at all is the domain's (getUser:
 * authors of published content, the user themself, those who list users); account fields
 * (username, e-mail, nickname, locale, registration, roles, capabilities, editor preferences)
 * only for the user themself and those who list users (canSeeUserAccount) — everybody else sees
 * the restricted model: public profile fields, the rest null, isRestricted true.
 */
import { formatGmt } from '../../../domain/content/dates';
import { siteOptionsOf } from '../../../domain/settings/options';
import { authorLink, avatarData, userLocale, type AvatarRating } from '../../../domain/users/links';
import { isRoleName } from '../../../domain/users/roles';
import { canSeeUserAccount, userCapabilities, userExtraCapabilities, userRoles } from '../../../domain/users/users';
import type { User } from '../../../generated/prisma-sqlite/client';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import { AddressableModel } from '../../model';
import { uriOf } from '../content/content-node';
import { postObjectConnection, type PostObjectConnectionArgs } from '../content/post-connection';
import { AvatarModel } from './avatar';
import { roleConnection } from './user-role';
import type { ConnectionArgs } from '../../connection';
import { userSeo } from '../seo/item-seo';

type AvatarArgs = { size?: number | null; forceDefault?: boolean | null; rating?: string | null };

/** WordPress's capability key: the table prefix + "capabilities". */
const CAP_KEY = 'wp_capabilities';

export class UserModel extends AddressableModel {
  constructor(readonly user: User) {
    super();
  }
  get __typename(): string {
    return 'User';
  }

  /** The account value for those who may see it, else null (WPGraphQL answers null for empty values too). */
  private account<T>(ctx: GraphQLContext, read: () => T): T | null {
    return canSeeUserAccount(ctx.viewer, this.user.id) ? read() : null;
  }

  get id(): string {
    return toGlobalId('user', this.user.id);
  }
  get databaseId(): number {
    return this.user.id;
  }
  /** WPGraphQL for Yoast SEO's `seo`: the author archive's head. */
  seo(_: unknown, ctx: GraphQLContext) {
    return userSeo(ctx, this.user.id);
  }
  get userId(): number {
    return this.user.id;
  }
  get name(): string | null {
    return this.user.name || null;
  }
  get slug(): string | null {
    return this.user.slug || null;
  }
  get description(): string | null {
    return this.user.description || null;
  }
  get firstName(): string | null {
    return this.user.firstName || null;
  }
  get lastName(): string | null {
    return this.user.lastName || null;
  }
  get url(): string | null {
    return this.user.url || null;
  }
  uri(_: unknown, ctx: GraphQLContext): string | null {
    return uriOf(authorLink(ctx.domain.config, this.user), ctx.domain.config.siteUrl);
  }
  isRestricted(_: unknown, ctx: GraphQLContext): boolean {
    return !canSeeUserAccount(ctx.viewer, this.user.id);
  }

  username(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => this.user.login || null);
  }
  nicename(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => this.user.slug || null);
  }
  email(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => this.user.email || null);
  }
  nickname(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => this.user.nickname || null);
  }
  async locale(_: unknown, ctx: GraphQLContext): Promise<string | null> {
    if (!canSeeUserAccount(ctx.viewer, this.user.id)) return null;
    return userLocale(this.user, (await siteOptionsOf(ctx.domain)).language);
  }
  /** gmdate('c') of user_registered. */
  registeredDate(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => `${formatGmt(this.user.registeredAt)}+00:00`);
  }
  /** WP_User::$allcaps keys granted (the role's capabilities and the role itself). */
  capabilities(_: unknown, ctx: GraphQLContext): string[] | null {
    return this.account(ctx, () => {
      const caps = Object.entries(userCapabilities(this.user)).filter(([, granted]) => granted).map(([cap]) => cap);
      return caps.length ? caps : null;
    });
  }
  capKey(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => CAP_KEY);
  }
  /** WPGraphQL lists every key of $allcaps; the stored caps are the role's (userExtraCapabilities). */
  extraCapabilities(_: unknown, ctx: GraphQLContext): string[] | null {
    return this.account(ctx, () => {
      const caps = [...new Set([...Object.keys(userCapabilities(this.user)), ...Object.keys(userExtraCapabilities(this.user))])];
      return caps.length ? caps : null;
    });
  }
  roles(args: ConnectionArgs, ctx: GraphQLContext) {
    if (!canSeeUserAccount(ctx.viewer, this.user.id)) return null;
    const roles = userRoles(this.user).filter(isRoleName);
    return roles.length ? roleConnection(args, roles) : null;
  }

  // Editor preferences: no user meta is stored here, so WordPress's defaults for a new user.
  adminColor(_: unknown, ctx: GraphQLContext): string | null {
    return this.account(ctx, () => 'fresh');
  }
  hasRichEditingEnabled(_: unknown, ctx: GraphQLContext): boolean | null {
    return this.account(ctx, () => true);
  }
  hasSyntaxHighlightingEnabled(_: unknown, ctx: GraphQLContext): boolean | null {
    return this.account(ctx, () => true);
  }
  hasCommentShortcutsEnabled(_: unknown, ctx: GraphQLContext): boolean | null {
    return this.account(ctx, () => false);
  }
  /** wp_insert_user() stores show_admin_bar_front "true" for every new user. */
  shouldShowAdminToolbar(_: unknown, ctx: GraphQLContext): boolean | null {
    return this.account(ctx, () => true);
  }

  avatar(args: AvatarArgs): AvatarModel {
    const rating = args.rating ? (args.rating.toLowerCase() as AvatarRating) : undefined;
    return new AvatarModel(avatarData(this.user.email, { size: args.size ?? 96, forceDefault: args.forceDefault === true, rating }));
  }


  // The user's content: every post-object list, pinned to this author.
  private content(ctx: GraphQLContext, type: string, args: PostObjectConnectionArgs) {
    return postObjectConnection(ctx, [type], args, { author: this.user.id });
  }
  posts(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'post', args);
  }
  pages(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'page', args);
  }
  mediaItems(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'attachment', args);
  }
  revisions(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'revision', args);
  }
  events(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'tribe_events', args);
  }
  venues(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'tribe_venue', args);
  }
  organizers(args: PostObjectConnectionArgs, ctx: GraphQLContext) {
    return this.content(ctx, 'tribe_organizer', args);
  }
}
