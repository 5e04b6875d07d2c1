/**
 * `/core/v2/users`, `/core/v2/users/{id}` and `/core/v2/users/me` (WP_REST_Users_Controller):
 * argument and schema declarations and the mapping of User rows to WordPress's JSON. Every rule
 * lives in src/domain/users/users.ts.
 */
import { authorLink, AVATAR_SIZES, avatarUrl, userLocale } from '../../../domain/users/links';
import { sanitizeSlug } from '../../../domain/content/slug';
import { siteOptionsOf } from '../../../domain/settings/options';
import {
  PUBLISHED_AUTHOR_TYPES,
  canCreateUsers,
  canDeleteUser,
  canEditUser,
  canListUsers,
  canViewUser,
  checkUserPassword,
  checkUsername,
  createUser,
  deleteUser,
  getCurrentUser,
  getUser,
  listUsers,
  parseReassign,
  updateUser,
  userCapabilities,
  userExtraCapabilities,
  userRoles,
  type UserChanges,
  type UserListQuery,
} from '../../../domain/users/users';
import type { User } from '../../../generated/prisma-sqlite/client';
import { link } from '../../server/links';
import { paginationHeaders } from '../../server/pagination';
import { sanitizeTextField } from '../../../domain/text';
import type { ArgSchema } from '../../../schema/types';
import { argsFromSchema, contextParam } from '../../../schema/item-schema';
import { asId, asList, filterByContext, gmtDate } from '../../server/item-schema';
import { EDITABLE, respond, type ArgsView, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/users`;

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Schema and arguments
// ---------------------------------------------------------------------------------------------

const ALL_CONTEXTS = ['embed', 'view', 'edit'];

export function userSchema(): ItemSchema {
  const avatarProperties: Record<string, ArgSchema> = {};
  for (const size of AVATAR_SIZES) {
    avatarProperties[String(size)] = { description: `Avatar URL with image size of ${size} pixels.`, type: 'string', format: 'uri', context: ALL_CONTEXTS };
  }
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'user',
    type: 'object',
    properties: {
      id: { description: 'Unique identifier for the user.', type: 'integer', context: ALL_CONTEXTS, readonly: true },
      username: { description: 'Login name for the user.', type: 'string', context: ['edit'], required: true },
      name: { description: 'Display name for the user.', type: 'string', context: ALL_CONTEXTS },
      first_name: { description: 'First name for the user.', type: 'string', context: ['edit'] },
      last_name: { description: 'Last name for the user.', type: 'string', context: ['edit'] },
      email: { description: 'The email address for the user.', type: 'string', format: 'email', context: ['edit'], required: true },
      url: { description: 'URL of the user.', type: 'string', format: 'uri', context: ALL_CONTEXTS },
      description: { description: 'Description of the user.', type: 'string', context: ALL_CONTEXTS },
      link: { description: 'Author URL of the user.', type: 'string', format: 'uri', context: ALL_CONTEXTS, readonly: true },
      locale: { description: 'Locale for the user.', type: 'string', enum: ['', 'en_US'], context: ['edit'] },
      nickname: { description: 'The nickname for the user.', type: 'string', context: ['edit'] },
      slug: { description: 'An alphanumeric identifier for the user.', type: 'string', context: ALL_CONTEXTS },
      registered_date: { description: 'Registration date for the user.', type: 'string', format: 'date-time', context: ['edit'], readonly: true },
      roles: { description: 'Roles assigned to the user.', type: 'array', items: { type: 'string' }, context: ['edit'] },
      password: { description: 'Password for the user (never included).', type: 'string', context: [], required: true },
      capabilities: { description: 'All capabilities assigned to the user.', type: 'object', context: ['edit'], readonly: true },
      extra_capabilities: { description: 'Any extra capabilities assigned to the user.', type: 'object', context: ['edit'], readonly: true },
      avatar_urls: { description: 'Avatar URLs for the user.', type: 'object', context: ALL_CONTEXTS, readonly: true, properties: avatarProperties },
      meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: [] },
    },
  };
}

const SCHEMA = userSchema();

/** The schema properties' arg_options. */
const WRITE_HOOKS: Record<string, Partial<ArgSchema>> = {
  username: { sanitize: checkUsername },
  name: { sanitize: (v) => sanitizeTextField(v) },
  first_name: { sanitize: (v) => sanitizeTextField(v) },
  last_name: { sanitize: (v) => sanitizeTextField(v) },
  nickname: { sanitize: (v) => sanitizeTextField(v) },
  slug: { sanitize: (v) => sanitizeSlug(String(v)) },
  password: { sanitize: checkUserPassword },
};

const ID_ARG: ArgSchema = { description: 'Unique identifier for the user.', type: 'integer', validateOnSanitize: true };

export function collectionArgs(): Record<string, ArgSchema> {
  return {
    context: contextParam(SCHEMA),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true },
    order: { default: 'asc', description: 'Order sort attribute ascending or descending.', enum: ['asc', 'desc'], type: 'string', validateOnSanitize: true },
    orderby: {
      default: 'name',
      description: 'Sort collection by user attribute.',
      enum: ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'],
      type: 'string',
      validateOnSanitize: true,
    },
    slug: { description: 'Limit result set to users with one or more specific slugs.', type: 'array', items: { type: 'string' }, validateOnSanitize: true },
    roles: {
      description: 'Limit result set to users matching at least one specific role provided. Accepts csv list or single role.',
      type: 'array',
      items: { type: 'string' },
      validateOnSanitize: true,
    },
    capabilities: {
      description: 'Limit result set to users matching at least one specific capability provided. Accepts csv list or single capability.',
      type: 'array',
      items: { type: 'string' },
      validateOnSanitize: true,
    },
    who: { description: 'Limit result set to users who are considered authors.', type: 'string', enum: ['authors'], validateOnSanitize: true },
    has_published_posts: {
      description: 'Limit result set to users who have published posts.',
      type: ['boolean', 'array'],
      items: { type: 'string', enum: [...PUBLISHED_AUTHOR_TYPES] },
      validateOnSanitize: true,
    },
    search_columns: {
      default: [],
      description: 'Array of column names to be searched.',
      type: 'array',
      items: { enum: ['email', 'name', 'id', 'username', 'slug'], type: 'string' },
      validateOnSanitize: true,
    },
  };
}

/** DELETE's arguments. `reassign` is declared as an integer, but check_reassign alone vets it (it also takes false). */
function deleteArgs(): Record<string, ArgSchema> {
  return {
    force: { type: 'boolean', default: false, description: 'Required to be true, as users do not support trashing.', validateOnSanitize: true },
    reassign: { description: "Reassign the deleted user's posts and links to this user ID.", required: true, sanitize: parseReassign },
  };
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/** get_avatar_url(): Gravatar addresses from the SHA-256 of the trimmed, lower-cased email. */
export function avatarUrls(email: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const size of AVATAR_SIZES) urls[String(size)] = avatarUrl(email, size);
  return urls;
}


async function siteLocale(request: HandlerRequest): Promise<string> {
  return (await siteOptionsOf(request.domain)).language;
}

/** prepare_item_for_response(): the fields in WordPress's order, filtered by context, then links. */
function userData(request: HandlerRequest, user: User, context: string, locale: string, withLinks = true): Record<string, unknown> {
  const all: Record<string, unknown> = {
    id: user.id,
    username: user.login,
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    url: user.url,
    description: user.description,
    link: authorLink(request.domain.config, user),
    locale: userLocale(user, locale),
    nickname: user.nickname,
    slug: user.slug,
    roles: userRoles(user),
    registered_date: `${gmtDate(user.registeredAt)}+00:00`,
    capabilities: userCapabilities(user),
    extra_capabilities: userExtraCapabilities(user),
    avatar_urls: avatarUrls(user.email),
    meta: [],
  };
  const data = filterByContext(all, SCHEMA, context);
  if (withLinks) {
    data._links = {
      self: [link(request.urls.url(`${BASE}/${user.id}`))],
      collection: [link(request.urls.url(BASE))],
    };
  }
  return data;
}

function contextOf(request: HandlerRequest): string {
  return asString(request.params.context) || 'embed';
}

/** The writable fields the request carries, with WordPress's names mapped to the domain's. */
export function changesFrom(request: ArgsView): UserChanges {
  const has = (name: string) => request.has(name);
  const text = (name: string) => (has(name) ? asString(request.get(name)) ?? String(request.get(name)) : undefined);
  const changes: UserChanges = {};
  if (has('username')) changes.username = text('username');
  if (has('name')) changes.name = text('name');
  if (has('first_name')) changes.firstName = text('first_name');
  if (has('last_name')) changes.lastName = text('last_name');
  if (has('email')) changes.email = text('email');
  if (has('url')) changes.url = text('url');
  if (has('description')) changes.description = text('description');
  if (has('locale')) changes.locale = text('locale');
  if (has('nickname')) changes.nickname = text('nickname');
  if (has('slug')) changes.slug = text('slug');
  if (has('roles')) changes.roles = asList(request.get('roles'));
  if (has('password')) changes.password = text('password');
  return changes;
}

/** The collection parameters as the domain's UserListQuery. */
export function userListQuery(request: ArgsView): UserListQuery {
  const p = request.params;
  const hasPublished = p.has_published_posts;
  return {
    context: asString(p.context),
    page: p.page as number,
    perPage: p.per_page as number,
    offset: p.offset as number | undefined,
    search: asString(p.search),
    searchColumns: p.search_columns as string[] | undefined,
    include: p.include as number[] | undefined,
    exclude: p.exclude as number[] | undefined,
    order: p.order === 'desc' ? 'desc' : 'asc',
    orderby: asString(p.orderby),
    slugs: p.slug as string[] | undefined,
    roles: p.roles as string[] | undefined,
    capabilities: p.capabilities as string[] | undefined,
    who: asString(p.who),
    hasPublishedPosts: hasPublished === true || Array.isArray(hasPublished) ? (hasPublished as true | string[]) : undefined,
  };
}

/** The create / update parameters (user names and slugs sanitised as WordPress does). */
export function userWriteArgs(mode: 'create' | 'update'): Record<string, ArgSchema> {
  return argsFromSchema(SCHEMA, mode, WRITE_HOOKS);
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

function listEndpoint(): EndpointDef {
  return {
    methods: ['GET'],
    args: collectionArgs(),
    allowBatch: true,
    permission: (request) =>
      canListUsers(request.viewer, {
        roles: asList(request.get('roles')),
        capabilities: asList(request.get('capabilities')),
        context: asString(request.get('context')),
        orderby: asString(request.get('orderby')),
        who: asString(request.get('who')),
      }),
    handler: async (request) => {
      const result = await listUsers(request.domain, userListQuery(request));
      const locale = await siteLocale(request);
      const context = contextOf(request);
      const data = result.users.map((user) => userData(request, user, context, locale));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };
}

function createEndpoint(): EndpointDef {
  return {
    methods: ['POST'],
    args: argsFromSchema(SCHEMA, 'create', WRITE_HOOKS),
    allowBatch: true,
    permission: (request) => canCreateUsers(request.viewer),
    handler: async (request) => {
      const changes = changesFrom(request);
      const user = await createUser(request.domain, {
        ...changes,
        username: changes.username ?? '',
        email: changes.email ?? '',
        password: changes.password ?? '',
        id: request.get('id'),
      });
      const data = userData(request, user, 'edit', await siteLocale(request));
      return respond(data, 201, { Location: request.urls.url(`${BASE}/${user.id}`) });
    },
  };
}

function readEndpoint(idOf: (request: HandlerRequest) => number | 'me'): EndpointDef {
  return {
    methods: ['GET'],
    args: { context: contextParam(SCHEMA) },
    allowBatch: true,
    permission: (request) => {
      const id = idOf(request);
      return id === 'me' ? true : canViewUser(request.domain, id, asString(request.get('context')) ?? 'view');
    },
    handler: async (request) => {
      const id = idOf(request);
      const user = id === 'me' ? await getCurrentUser(request.domain) : await getUser(request.domain, id, contextOf(request));
      return userData(request, user, contextOf(request), await siteLocale(request));
    },
  };
}

function updateEndpoint(idOf: (request: HandlerRequest) => number): EndpointDef {
  return {
    methods: EDITABLE,
    args: argsFromSchema(SCHEMA, 'update', WRITE_HOOKS),
    allowBatch: true,
    permission: (request) => canEditUser(request.domain, idOf(request), changesFrom(request)),
    handler: async (request) => {
      const user = await updateUser(request.domain, idOf(request), changesFrom(request));
      return userData(request, user, 'edit', await siteLocale(request));
    },
  };
}

function deleteEndpoint(idOf: (request: HandlerRequest) => number): EndpointDef {
  return {
    methods: ['DELETE'],
    args: deleteArgs(),
    allowBatch: true,
    permission: (request) => canDeleteUser(request.domain, idOf(request)),
    handler: async (request) => {
      const previous = await deleteUser(request.domain, idOf(request), {
        force: request.params.force === true,
        reassign: request.params.reassign as number | false,
      });
      return { deleted: true, previous: userData(request, previous, 'edit', await siteLocale(request), false) };
    },
  };
}

const byPath = (request: HandlerRequest) => asId(request.get('id'));
const currentUser = (request: HandlerRequest) => request.viewer.id;

export function userRoutes(): RouteDef[] {
  const schema = () => SCHEMA;
  const withId = (endpoint: EndpointDef): EndpointDef => ({ ...endpoint, args: { id: ID_ARG, ...endpoint.args } });
  const unbatched = (endpoint: EndpointDef): EndpointDef => ({ ...endpoint, allowBatch: undefined });
  return [
    { namespace: NAMESPACE, path: BASE, endpoints: [listEndpoint(), createEndpoint()], schema },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<id>[\\d]+)`,
      endpoints: [withId(readEndpoint(byPath)), withId(updateEndpoint(byPath)), withId(deleteEndpoint(byPath))],
      schema,
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/me`,
      endpoints: [unbatched(readEndpoint(() => 'me')), unbatched(updateEndpoint(currentUser)), unbatched(deleteEndpoint(currentUser))],
      schema,
    },
  ];
}
