/**
 * `/core/v2/users`, `/core/v2/users/{id}` and `/core/v2/users/me` (WP_REST_Users_Controller):
 * routes over the users contract (src/domain/users/contract.ts) and the mapping of User rows to
 * WordPress's JSON. Every rule lives in src/domain/users/.
 */
import { userHead } from '../../../domain/seo/head-archive';
import { addSeoHead } from '../seo-head-fields';
import { changesFrom, collectionArgs, USER_SCHEMA, userListQuery, userWriteArgs } from '../../../domain/users/contract';
import { authorLink, AVATAR_SIZES, avatarUrl, userLocale } from '../../../domain/users/links';
import { siteOptionsOf } from '../../../domain/settings/options';
import {
  canCreateUsers,
  canDeleteUser,
  canEditUser,
  canListUsers,
  canViewUser,
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
} from '../../../domain/users/users';
import type { User } from '../../../generated/prisma-sqlite/client';
import { link } from '../../server/links';
import { paginationHeaders } from '../../server/pagination';
import { contextParam } from '../../../schema/item-schema';
import { asId, asList } from '../../../schema/params';
import type { ArgSchema } from '../../../schema/types';
import { emptyMetaAsList, gmtDate } from '../../server/item-schema';
import { filterByContext as filterNested } from './post-records';
import { userSeoByUser, userSeoMetaJson } from '../../../domain/seo/user-seo-fields';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/users`;

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Schema and arguments
// ---------------------------------------------------------------------------------------------

const ID_ARG: ArgSchema = { description: 'Unique identifier for the user.', type: 'integer', validateOnSanitize: true };

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
async function userData(request: HandlerRequest, user: User, context: string, locale: string, withLinks = true): Promise<Record<string, unknown>> {
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
    // Yoast's SEO fields are edit-context keys of `meta` (read only when they can show).
    meta: context === 'edit' ? userSeoMetaJson(await userSeoByUser(request.domain).load(user.id)) : [],
  };
  // A deleted user (`previous`, without links) has no author archive left.
  if (withLinks) await addSeoHead(request, all, USER_SCHEMA.properties, () => userHead(request.domain, user.id));
  const data = filterNested(all, USER_SCHEMA.properties, context);
  emptyMetaAsList(data);
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
      const data = await Promise.all(result.users.map((user) => userData(request, user, context, locale)));
      return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
    },
  };
}

function createEndpoint(): EndpointDef {
  return {
    methods: ['POST'],
    args: userWriteArgs('create'),
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
      const data = await userData(request, user, 'edit', await siteLocale(request));
      return respond(data, 201, { Location: request.urls.url(`${BASE}/${user.id}`) });
    },
  };
}

function readEndpoint(idOf: (request: HandlerRequest) => number | 'me'): EndpointDef {
  return {
    methods: ['GET'],
    args: { context: contextParam(USER_SCHEMA) },
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
    args: userWriteArgs('update'),
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
      return { deleted: true, previous: await userData(request, previous, 'edit', await siteLocale(request), false) };
    },
  };
}

const byPath = (request: HandlerRequest) => asId(request.get('id'));
const currentUser = (request: HandlerRequest) => request.viewer.id;

export function userRoutes(): RouteDef[] {
  const schema = () => USER_SCHEMA;
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
