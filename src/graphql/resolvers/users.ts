/**
 * Users over src/domain/users: `viewer`, lookups, the collection (REST parameters and rules),
 * a user's posts, and mutations. Account fields (username, email, roles...) resolve only for the
 * user themself and for those who may edit users, as in REST's edit context.
 */
import { authorLink, avatarUrl, userLocale } from '../../domain/users/links';
import { findUserBy } from '../../domain/users/lookup';
import { canEditUserRecord, createUser, deleteUser, getCurrentUser, getUser, listUsers, userCapabilities, userRoles, updateUser } from '../../domain/users/users';
import { resolvePath } from '../../domain/content/uri';
import type { User } from '../../generated/prisma-sqlite/client';
import type { Resolvers } from '../../generated/graphql';
import { changesFrom, collectionArgs, userListQuery, userWriteArgs } from '../../domain/users/contract';
import { connectionFrom } from '../connection';
import type { GraphQLContext } from '../context';
import { orNull } from '../errors';
import { databaseIdOf, globalIdOf, plainIdOf, toGlobalId } from '../global-id';
import { argNames, checkedArgs, enumValue, opt } from '../contract-args';
import { formatGmt } from '../../domain/content/dates';
import { siteOptionsOf } from '../../domain/settings/options';
import { uriOf } from './content-fields';
import { postConnection } from './posts';

const COLLECTION_ARGS = collectionArgs();
const CREATE_ARGS = userWriteArgs('create');
const UPDATE_ARGS = userWriteArgs('update');

const readUser = (ctx: GraphQLContext, id: number): Promise<User | null> => orNull(() => getUser(ctx.domain, id));

async function lookup(ctx: GraphQLContext, id: string, idType: string | null | undefined): Promise<User | null> {
  switch (idType) {
    case 'DATABASE_ID':
      return readUser(ctx, plainIdOf(id));
    case 'SLUG':
      return orNull(() => findUserBy(ctx.domain, 'slug', id));
    case 'EMAIL':
      return orNull(() => findUserBy(ctx.domain, 'email', id));
    case 'USERNAME':
      return orNull(() => findUserBy(ctx.domain, 'login', id));
    case 'URI': {
      const target = await resolvePath(ctx.domain, id);
      return target?.kind === 'user' ? readUser(ctx, target.id) : null;
    }
    default:
      return readUser(ctx, globalIdOf(id, 'user'));
  }
}

/** An account field: null unless the viewer is the user or may edit users. */
const account = <T>(read: (user: User) => T) => (user: User, _: unknown, ctx: GraphQLContext): T | null => (canEditUserRecord(ctx.viewer, user.id) ? read(user) : null);

function writeParams(input: Record<string, unknown>): Record<string, unknown> {
  return {
    username: input.username,
    email: input.email,
    password: input.password,
    name: input.name,
    first_name: input.firstName,
    last_name: input.lastName,
    nickname: input.nickname,
    slug: input.slug,
    url: input.url,
    description: input.description,
    locale: input.locale,
    roles: input.roles,
  };
}

export const userResolvers: Resolvers = {
  Query: {
    viewer: (_, __, ctx) => (ctx.viewer.isAnonymous ? null : getCurrentUser(ctx.domain)),
    user: (_, args, ctx) => lookup(ctx, args.id, args.idType),
    users: (_, args, ctx) => {
      const w = args.where ?? {};
      const given = {
        search: opt(w.search),
        include: opt(w.include),
        exclude: opt(w.exclude),
        slug: opt(w.slug),
        roles: opt(w.roles),
        capabilities: opt(w.capabilities),
        orderby: w.orderby ? enumValue(w.orderby) : undefined,
        order: w.order ? enumValue(w.order) : undefined,
        has_published_posts: opt(w.hasPublishedPosts),
      };
      return connectionFrom(args, async (offset, limit) => {
        const list = await listUsers(ctx.domain, userListQuery(checkedArgs(COLLECTION_ARGS, { ...given, per_page: limit, offset }, argNames('where', { per_page: 'first', offset: 'after' }))));
        return { items: list.users, total: list.total };
      });
    },
  },
  User: {
    id: (u) => toGlobalId('user', u.id),
    databaseId: (u) => u.id,
    uri: (u, _, ctx) => uriOf(authorLink(ctx.domain.config, u), ctx.domain.config.siteUrl),
    link: (u, _, ctx) => authorLink(ctx.domain.config, u),
    name: (u) => u.name,
    slug: (u) => u.slug,
    description: (u) => u.description,
    url: (u) => u.url,
    avatarUrl: (u, args) => avatarUrl(u.email, args.size ?? 96),
    username: account((u) => u.login),
    email: account((u) => u.email),
    firstName: account((u) => u.firstName),
    lastName: account((u) => u.lastName),
    nickname: account((u) => u.nickname),
    locale: async (u, _, ctx) => (canEditUserRecord(ctx.viewer, u.id) ? userLocale(u, (await siteOptionsOf(ctx.domain)).language) : null),
    // gmdate('c') of user_registered, as REST and WPGraphQL print it.
    registeredDate: (u, _, ctx) => (canEditUserRecord(ctx.viewer, u.id) ? `${formatGmt(u.registeredAt)}+00:00` : null),
    roles: account((u) => userRoles(u)),
    capabilities: account((u) => Object.entries(userCapabilities(u)).filter(([, granted]) => granted).map(([cap]) => cap)),
    posts: (u, args, ctx) => postConnection(ctx, 'post', args, { author: [u.id] }),
  },
  Mutation: {
    createUser: async (_, { input }, ctx) => {
      const changes = changesFrom(checkedArgs(CREATE_ARGS, writeParams(input), argNames('input')));
      const user = await createUser(ctx.domain, { ...changes, username: changes.username ?? '', email: changes.email ?? '', password: changes.password ?? '' });
      return { clientMutationId: input.clientMutationId, user };
    },
    updateUser: async (_, { input }, ctx) => {
      const changes = changesFrom(checkedArgs(UPDATE_ARGS, writeParams(input), argNames('input')));
      return { clientMutationId: input.clientMutationId, user: await updateUser(ctx.domain, databaseIdOf(input.id, 'user'), changes) };
    },
    deleteUser: async (_, { input }, ctx) => {
      const id = databaseIdOf(input.id, 'user');
      const reassign = input.reassignId ? databaseIdOf(input.reassignId, 'user') : false;
      const user = await deleteUser(ctx.domain, id, { reassign });
      return { clientMutationId: input.clientMutationId, deletedId: toGlobalId('user', id), user };
    },
  },
};
