/**
 * `/core/v2/users/{user_id|me}/application-passwords[/introspect|/{uuid}]`
 * (WP_REST_Application_Passwords_Controller): declarations and JSON mapping only; the rules live in
 * src/domain/users/application-passwords.ts.
 */
import {
  canIntrospectApplicationPassword,
  canManageApplicationPasswords,
  createApplicationPassword,
  deleteAllApplicationPasswords,
  deleteApplicationPassword,
  getApplicationPassword,
  introspectApplicationPassword,
  listApplicationPasswords,
  updateApplicationPassword,
  type UserRef,
} from '../../../domain/users/application-passwords';
import type { ApplicationPassword } from '../../../generated/prisma-sqlite/client';
import { link } from '../../server/links';
import { EDITABLE, respond, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import { argsFromSchema, contextParam } from '../../../schema/item-schema';
import { filterByContext, gmtDate } from '../../server/item-schema';

const NAMESPACE = 'core/v2';
const BASE = `/${NAMESPACE}/users/(?P<user_id>(?:[\\d]+|me))/application-passwords`;

export function applicationPasswordSchema(): ItemSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'application-password',
    type: 'object',
    properties: {
      uuid: { description: 'The unique identifier for the application password.', type: 'string', format: 'uuid', context: ['view', 'edit', 'embed'], readonly: true },
      app_id: {
        description: 'A uuid provided by the application to uniquely identify it. It is recommended to use an UUID v5 with the URL or DNS namespace.',
        oneOf: [
          { type: 'string', format: 'uuid' },
          { type: 'string', enum: [''] },
        ],
        context: ['view', 'edit', 'embed'],
      },
      name: { description: 'The name of the application password.', type: 'string', required: true, context: ['view', 'edit', 'embed'], minLength: 1, pattern: '.*\\S.*' },
      password: { description: 'The generated password. Only available after adding an application.', type: 'string', context: ['edit'], readonly: true },
      created: { description: 'The GMT date the application password was created.', type: 'string', format: 'date-time', context: ['view', 'edit'], readonly: true },
      last_used: { description: 'The GMT date the application password was last used.', type: ['string', 'null'], format: 'date-time', context: ['view', 'edit'], readonly: true },
      last_ip: { description: 'The IP address the application password was last used by.', type: ['string', 'null'], format: 'ip', context: ['view', 'edit'], readonly: true },
    },
  };
}

const SCHEMA = applicationPasswordSchema();

/** `user_id` as WordPress reads it (`$request['user_id']`, so a body parameter wins over the path). */
function userRef(request: HandlerRequest): UserRef {
  const raw = request.get('user_id');
  if (raw === 'me') return 'me';
  return typeof raw === 'number' ? raw : /^\d+$/.test(String(raw)) ? Number(raw) : 0;
}

function uuidOf(request: HandlerRequest): string {
  return String(request.get('uuid') ?? '');
}

function contextOf(request: HandlerRequest, fallback = 'view'): string {
  const context = request.params.context;
  return typeof context === 'string' && context ? context : fallback;
}

/** prepare_item_for_response(): uuid, app_id, name, created, last_used, last_ip (+ password once), links. */
function passwordData(request: HandlerRequest, userId: number, item: ApplicationPassword, context: string, options: { password?: string; links?: boolean } = {}): Record<string, unknown> {
  const all: Record<string, unknown> = {
    uuid: item.uuid,
    app_id: item.appId || '',
    name: item.name,
    created: gmtDate(item.createdAt),
    last_used: item.lastUsedAt ? gmtDate(item.lastUsedAt) : null,
    last_ip: item.lastIp ? item.lastIp : null,
  };
  if (options.password !== undefined) all.password = options.password;
  const data = filterByContext(all, SCHEMA, context);
  if (options.links !== false) data._links = { self: [link(selfUrl(request, userId, item.uuid))] };
  return data;
}

function selfUrl(request: HandlerRequest, userId: number, uuid: string): string {
  return request.urls.url(`/${NAMESPACE}/users/${userId}/application-passwords/${uuid}`);
}

export function applicationPasswordRoutes(): RouteDef[] {
  const schema = () => SCHEMA;
  const canManage = (request: HandlerRequest) => canManageApplicationPasswords(request.domain, userRef(request));
  return [
    {
      namespace: NAMESPACE,
      path: BASE,
      schema,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: contextParam(SCHEMA) },
          permission: canManage,
          handler: async (request) => {
            const { user, items } = await listApplicationPasswords(request.domain, userRef(request));
            return items.map((item) => passwordData(request, user.id, item, contextOf(request)));
          },
        },
        {
          methods: ['POST'],
          args: argsFromSchema(SCHEMA, 'create'),
          permission: canManage,
          handler: async (request) => {
            const appId = request.get('app_id');
            const created = await createApplicationPassword(request.domain, userRef(request), {
              name: String(request.get('name') ?? ''),
              // WordPress only takes app_id when no uuid is given.
              appId: appId && !request.get('uuid') ? String(appId) : undefined,
            });
            const data = passwordData(request, created.user.id, created.item, 'edit', { password: created.password });
            return respond(data, 201, { Location: selfUrl(request, created.user.id, created.item.uuid) });
          },
        },
        {
          methods: ['DELETE'],
          permission: canManage,
          handler: async (request) => {
            const { count } = await deleteAllApplicationPasswords(request.domain, userRef(request));
            return { deleted: true, count };
          },
        },
      ],
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/introspect`,
      schema,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: contextParam(SCHEMA) },
          permission: (request) => canIntrospectApplicationPassword(request.domain, userRef(request)),
          handler: async (request) => {
            const { user, item } = await introspectApplicationPassword(request.domain, userRef(request));
            return passwordData(request, user.id, item, contextOf(request));
          },
        },
      ],
    },
    {
      namespace: NAMESPACE,
      path: `${BASE}/(?P<uuid>[\\w\\-]+)`,
      schema,
      endpoints: [
        {
          methods: ['GET'],
          args: { context: contextParam(SCHEMA) },
          permission: canManage,
          handler: async (request) => {
            const { user, item } = await getApplicationPassword(request.domain, userRef(request), uuidOf(request));
            return passwordData(request, user.id, item, contextOf(request));
          },
        },
        {
          methods: EDITABLE,
          args: argsFromSchema(SCHEMA, 'update'),
          permission: canManage,
          handler: async (request) => {
            const name = request.get('name');
            const { user, item } = await updateApplicationPassword(request.domain, userRef(request), uuidOf(request), {
              name: typeof name === 'string' ? name : undefined,
            });
            return passwordData(request, user.id, item, 'edit');
          },
        },
        {
          methods: ['DELETE'],
          permission: canManage,
          handler: async (request) => {
            const { user, item } = await deleteApplicationPassword(request.domain, userRef(request), uuidOf(request));
            return { deleted: true, previous: passwordData(request, user.id, item, 'edit', { links: false }) };
          },
        },
      ],
    },
  ];
}
