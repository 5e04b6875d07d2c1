/**
 * The users root fields: `user` by any of WPGraphQL's id types, `users` over the domain's user
 * list (WPGraphQL's where args mapped onto its UserListQuery), `viewer`, `userRole(s)`.
 */
import { resolvePath } from '../../../domain/content/uri';
import { findUserBy } from '../../../domain/users/lookup';
import { getCurrentUser, getUser, listUserIds, type UserListQuery } from '../../../domain/users/users';
import { sanitizeTextField } from '../../../domain/text';
import type { RootQueryToUserConnectionWhereArgs } from '../../../generated/graphql';
import { connectionOf, listInMemory, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { globalIdOf, plainIdOf } from '../../global-id';
import { modelsOf } from '../../nodes';
import type { Model } from '../../model';
import { UserModel } from './user-model';
import { roleByGlobalId, roleConnection, visibleRoles } from './user-role';

/** The user model by id, or null when there is none or the viewer may not see them. */
export async function userModelById(ctx: GraphQLContext, id: number): Promise<UserModel | null> {
  const user = await orNull(() => getUser(ctx.domain, id));
  return user ? new UserModel(user) : null;
}

export async function userByIdType(ctx: GraphQLContext, id: string, idType: string | null | undefined): Promise<UserModel | null> {
  const found = async (field: 'slug' | 'email' | 'login') => {
    const user = await orNull(() => findUserBy(ctx.domain, field, id));
    return user ? new UserModel(user) : null;
  };
  switch (idType) {
    case 'DATABASE_ID':
      return userModelById(ctx, plainIdOf(id));
    case 'SLUG':
      return found('slug');
    case 'EMAIL':
      return found('email');
    case 'USERNAME':
      return found('login');
    case 'URI': {
      const target = await resolvePath(ctx.domain, id);
      return target?.kind === 'user' ? userModelById(ctx, target.id) : null;
    }
    default:
      return userModelById(ctx, globalIdOf(id, 'user'));
  }
}

export async function viewer(_: unknown, __: unknown, ctx: GraphQLContext): Promise<UserModel | null> {
  if (ctx.viewer.isAnonymous) return null;
  return new UserModel(await getCurrentUser(ctx.domain));
}

const lower = (value: string | null | undefined) => (value ? value.toLowerCase() : undefined);
const present = <T>(values: ReadonlyArray<T | null> | null | undefined): T[] => (values ?? []).filter((v): v is T => v !== null && v !== undefined);

/** UsersConnectionOrderbyEnum → the domain's orderby (WP_User_Query's names). */
const ORDERBY: Record<string, string> = {
  DISPLAY_NAME: 'name',
  EMAIL: 'email',
  LOGIN: 'login',
  LOGIN_IN: 'login_in',
  NICE_NAME: 'slug',
  NICE_NAME_IN: 'nicename_in',
  REGISTERED: 'registered_date',
  URL: 'url',
};

/** UsersConnectionSearchColumnEnum → the domain's search columns. */
const SEARCH_COLUMNS: Record<string, string> = { EMAIL: 'email', ID: 'id', LOGIN: 'username', NICENAME: 'slug', URL: 'url' };

/**
 * WPGraphQL's UserConnectionResolver over WP_User_Query, as a domain query: by login ascending
 * unless ordered otherwise (only the last orderby entry counts, as WPGraphQL overwrites), a
 * search matching anywhere and ordering by login.
 */
export function userQueryOf(where: RootQueryToUserConnectionWhereArgs): UserListQuery {
  const search = where.search ? sanitizeTextField(where.search) : '';
  const last = present(where.orderby).at(-1);
  const roles = [...present(where.roleIn), ...(where.role ? [where.role] : [])].map((r) => r.toLowerCase());
  const logins = [...present(where.loginIn), ...(where.login ? [where.login] : [])];
  const slugs = [...present(where.nicenameIn), ...(where.nicename ? [where.nicename] : [])];
  return {
    include: present(where.include),
    exclude: present(where.exclude),
    roles,
    rolesNotIn: present(where.roleNotIn).map((r) => r.toLowerCase()),
    logins,
    loginsNotIn: present(where.loginNotIn),
    slugs,
    slugsNotIn: present(where.nicenameNotIn),
    search,
    searchColumns: present(where.searchColumns).map((c) => SEARCH_COLUMNS[c]).filter(Boolean),
    hasPublishedPosts: where.hasPublishedPosts ? present(where.hasPublishedPosts).map((t) => t.toLowerCase()) : undefined,
    orderby: search && !last ? 'login' : last ? ORDERBY[last.field] : 'login',
    order: last ? (lower(last.order) === 'desc' ? 'desc' : 'asc') : 'asc',
  };
}

export async function users(_: unknown, args: ConnectionArgs & { where?: RootQueryToUserConnectionWhereArgs | null }, ctx: GraphQLContext) {
  const ids = await listUserIds(ctx.domain, userQueryOf(args.where ?? {}));
  const list = listInMemory(ids, (id) => id);
  return connectionOf(args, {
    window: async (offset, limit) => modelsOf(ctx, await list.window(offset, limit), userModelById),
    count: list.count,
    positionOf: list.positionOf,
    idOf: (model: Model) => (model as UserModel).user.id,
  });
}

export function userRole(_: unknown, args: { id: string }, ctx: GraphQLContext) {
  return roleByGlobalId(ctx.viewer, args.id);
}

export function userRoles(_: unknown, args: ConnectionArgs, ctx: GraphQLContext) {
  return roleConnection(args, visibleRoles(ctx.viewer));
}
