/**
 * The post-type routes of `core/v2` in WordPress's registration order: for posts, then pages,
 * the collection, the item, revisions and autosaves (WP_REST_Posts_Controller,
 * WP_REST_Revisions_Controller, WP_REST_Autosaves_Controller). Every rule lives in
 * src/domain/posts/; this file declares routes and maps records to JSON.
 */
import { createAutosave, getAutosave, listAutosaves, previewLink } from '../../../domain/posts/autosaves';
import { canCreateType } from '../../../domain/content/permissions';
import { canDeletePostAt, deletePost } from '../../../domain/posts/delete';
import { canListPosts, listPosts } from '../../../domain/posts/query';
import { canGetPost, getPost, permalinkOf, postTypeDef } from '../../../domain/posts/records';
import { canDeleteRevisionAt, canReadRevisions, deleteRevision, getRevision, listRevisions } from '../../../domain/posts/revisions';
import type { PostTypeName } from '../../../domain/posts/types';
import type { Content } from '../../../generated/prisma-sqlite/client';
import { canCreatePost, canUpdatePost, createPost, updatePost } from '../../../domain/posts/write';
import { paginationHeaders } from '../../server/pagination';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type ItemSchema, type RouteDef } from '../../server/types';
import {
  AUTOSAVE_ID_ARG,
  AUTOSAVE_PARENT_ARG,
  autosaveSchema,
  changesFrom,
  collectionArgs,
  deleteArgs,
  ID_ARG,
  itemReadArgs,
  listQueryFrom,
  postSchema,
  REVISION_ID_ARG,
  REVISION_PARENT_ARG,
  revisionCollectionArgs,
  revisionDeleteArgs,
  revisionQueryFrom,
  revisionSchema,
  writeArgs,
} from '../../../domain/posts/contract';
import { alternateLink, postJson, postsJson } from './post-records';
import { revisionJson } from './revision-records';
import { seoHeadWanted, withSeoSiteRead } from '../seo-head-fields';
import { contextParam } from '../../../schema/item-schema';
import { asId } from '../../../schema/params';

const NO_HEAD = { html: false, json: false };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const contextOf = (request: HandlerRequest): string => str(request.params.context) ?? str(request.get('context')) ?? 'view';

/** Everything one post type's routes share, built once at module load. */
interface TypeRoutes {
  type: PostTypeName;
  base: string;
  schema: ItemSchema;
  revisions: ItemSchema;
  autosaves: ItemSchema;
}

function typeRoutes(type: PostTypeName): TypeRoutes {
  const def = postTypeDef(type);
  return { type, base: `/${def.restNamespace}/${def.restBase}`, schema: postSchema(type), revisions: revisionSchema(type), autosaves: autosaveSchema(type) };
}

// ---------------------------------------------------------------------------------------------
// /{posts|pages} and /{posts|pages}/{id}
// ---------------------------------------------------------------------------------------------

function listEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['GET'],
    args: collectionArgs(t.type, t.schema),
    allowBatch: true,
    permission: (request) => canListPosts(request.domain, t.type, str(request.get('context'))),
    handler: async (request) => {
      const query = listQueryFrom(request, t.type);
      const list = await withSeoSiteRead(request.domain, t.schema.properties?.seo_head_json ? seoHeadWanted(request.query) : NO_HEAD, listPosts(request.domain, t.type, query));
      const data = await postsJson(request, list.records, t.schema, { context: query.context });
      return respond(data, 200, paginationHeaders(request, list.total, list.page, list.perPage));
    },
  };
}

function createEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['POST'],
    args: writeArgs(t.schema, 'create'),
    allowBatch: true,
    // The capability first: an anonymous Allow header then costs neither the changes nor an error object.
    permission: (request) => canCreateType(request.viewer, t.type) && canCreatePost(request.domain, t.type, changesFrom(request, t.type)),
    handler: async (request) => {
      const record = await createPost(request.domain, t.type, changesFrom(request, t.type));
      const data = await postJson(request, record, t.schema, { context: 'edit' });
      return respond(data, 201, { Location: request.urls.url(`${t.base}/${record.row.id}`) });
    },
  };
}

const idOf = (request: HandlerRequest): number => asId(request.params.id ?? request.get('id'));

function readEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['GET'],
    args: { id: ID_ARG, ...itemReadArgs(t.schema) },
    allowBatch: true,
    permission: (request) => canGetPost(request.domain, t.type, idOf(request), { context: contextOf(request), queryPassword: str(request.query.password) }),
    handler: async (request) => {
      const context = contextOf(request);
      const record = await getPost(request.domain, t.type, idOf(request), { context, queryPassword: str(request.query.password) });
      const data = await postJson(request, record, t.schema, {
        context,
        password: str(request.params.password),
        excerptLength: typeof request.params.excerpt_length === 'number' ? request.params.excerpt_length : undefined,
      });
      return respond(data, 200, { Link: alternateLink(record) });
    },
  };
}

function updateEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: EDITABLE,
    args: { id: ID_ARG, ...writeArgs(t.schema, 'update') },
    allowBatch: true,
    permission: (request) => canUpdatePost(request.domain, t.type, idOf(request), changesFrom(request, t.type)),
    handler: async (request) => {
      const record = await updatePost(request.domain, t.type, idOf(request), changesFrom(request, t.type));
      return postJson(request, record, t.schema, { context: 'edit' });
    },
  };
}

function deleteEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['DELETE'],
    args: { id: ID_ARG, ...deleteArgs() },
    allowBatch: true,
    permission: (request) => canDeletePostAt(request.domain, t.type, idOf(request)),
    handler: async (request) => {
      const result = await deletePost(request.domain, t.type, idOf(request), request.params.force === true);
      if ('deleted' in result) {
        const previous = await postJson(request, result.deleted, t.schema, { context: 'edit', withLinks: false });
        return { deleted: true, previous };
      }
      return postJson(request, result.trashed, t.schema, { context: 'edit' });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Revisions and autosaves
// ---------------------------------------------------------------------------------------------

const parentOf = (request: HandlerRequest): number => asId(request.params.parent ?? request.get('parent'));

function revisionListEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['GET'],
    args: { parent: REVISION_PARENT_ARG, ...revisionCollectionArgs(t.revisions) },
    permission: (request) => canReadRevisions(request.domain, t.type, parentOf(request)),
    handler: async (request) => {
      const list = await listRevisions(request.domain, t.type, parentOf(request), revisionQueryFrom(request));
      const context = contextOf(request);
      const data = await Promise.all(list.revisions.map((row) => revisionJson(request, row, t.revisions, { context, parentBase: t.base })));
      return respond(data, 200, paginationHeaders(request, list.total, list.page, list.perPage));
    },
  };
}

function revisionReadEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['GET'],
    args: { parent: REVISION_PARENT_ARG, id: REVISION_ID_ARG, context: contextParam(t.revisions) },
    permission: (request) => canReadRevisions(request.domain, t.type, parentOf(request)),
    handler: async (request) => {
      const row = await getRevision(request.domain, t.type, parentOf(request), idOf(request));
      return revisionJson(request, row, t.revisions, { context: contextOf(request), parentBase: t.base });
    },
  };
}

function revisionDeleteEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['DELETE'],
    args: { parent: REVISION_PARENT_ARG, id: REVISION_ID_ARG, ...revisionDeleteArgs() },
    permission: (request) => canDeleteRevisionAt(request.domain, t.type, parentOf(request), idOf(request)),
    handler: async (request) => {
      const previous = await deleteRevision(request.domain, t.type, parentOf(request), idOf(request), request.params.force === true);
      return { deleted: true, previous: await revisionJson(request, previous, t.revisions, { context: contextOf(request), parentBase: t.base, withLinks: false }) };
    },
  };
}

/** The autosaves collection's post: like WordPress's get_param( 'id' ), a body id wins over the path. */
const autosavedIdOf = (request: HandlerRequest): number => asId(request.get('id'));

/** Autosave records of one post (preview_link is built from the post's permalink). */
async function autosavesJson(request: HandlerRequest, t: TypeRoutes, rows: readonly Content[], postId: number, context: string): Promise<Array<Record<string, unknown>>> {
  const link = rows.length ? await permalinkOf(request.domain, postId) : '';
  return Promise.all(rows.map((row) => revisionJson(request, row, t.autosaves, { context, parentBase: t.base, previewLink: previewLink(request.domain, row, link) })));
}

function autosaveListEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['GET'],
    args: { parent: AUTOSAVE_PARENT_ARG, context: contextParam(t.autosaves) },
    permission: (request) => canReadRevisions(request.domain, t.type, autosavedIdOf(request)),
    handler: async (request) => {
      const id = autosavedIdOf(request);
      return autosavesJson(request, t, await listAutosaves(request.domain, t.type, id), id, contextOf(request));
    },
  };
}

function autosaveCreateEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['POST'],
    args: { parent: AUTOSAVE_PARENT_ARG, ...writeArgs(t.schema, 'update') },
    permission: (request) => canUpdatePost(request.domain, t.type, autosavedIdOf(request), changesFrom(request, t.type)),
    handler: async (request) => {
      const id = autosavedIdOf(request);
      const { row } = await createAutosave(request.domain, t.type, id, changesFrom(request, t.type));
      const [data] = await autosavesJson(request, t, [row], row.type === 'revision' ? row.parentId : row.id, 'edit');
      return data;
    },
  };
}

function autosaveReadEndpoint(t: TypeRoutes): EndpointDef {
  return {
    methods: ['GET'],
    args: { parent: AUTOSAVE_PARENT_ARG, id: AUTOSAVE_ID_ARG, context: contextParam(t.autosaves) },
    permission: (request) => canReadRevisions(request.domain, t.type, parentOf(request)),
    handler: async (request) => {
      const row = await getAutosave(request.domain, t.type, parentOf(request));
      const [data] = await autosavesJson(request, t, [row], row.parentId, contextOf(request));
      return data;
    },
  };
}

function routesFor(t: TypeRoutes): RouteDef[] {
  const ns = postTypeDef(t.type).restNamespace;
  const item = () => t.schema;
  const revisions = () => t.revisions;
  const autosaves = () => t.autosaves;
  return [
    { namespace: ns, path: t.base, endpoints: [listEndpoint(t), createEndpoint(t)], schema: item },
    { namespace: ns, path: `${t.base}/(?P<id>[\\d]+)`, endpoints: [readEndpoint(t), updateEndpoint(t), deleteEndpoint(t)], schema: item },
    { namespace: ns, path: `${t.base}/(?P<parent>[\\d]+)/revisions`, endpoints: [revisionListEndpoint(t)], schema: revisions },
    { namespace: ns, path: `${t.base}/(?P<parent>[\\d]+)/revisions/(?P<id>[\\d]+)`, endpoints: [revisionReadEndpoint(t), revisionDeleteEndpoint(t)], schema: revisions },
    { namespace: ns, path: `${t.base}/(?P<id>[\\d]+)/autosaves`, endpoints: [autosaveListEndpoint(t), autosaveCreateEndpoint(t)], schema: autosaves },
    { namespace: ns, path: `${t.base}/(?P<parent>[\\d]+)/autosaves/(?P<id>[\\d]+)`, endpoints: [autosaveReadEndpoint(t)], schema: autosaves },
  ];
}

const POSTS = typeRoutes('post');
const PAGES = typeRoutes('page');

export function postTypeRoutes(): RouteDef[] {
  return [...routesFor(POSTS), ...routesFor(PAGES)];
}
