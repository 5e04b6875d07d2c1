/**
 * The media routes of `core/v2` (WP_REST_Attachments_Controller): the collection (list, upload),
 * the item (read, update, delete), `post-process` and `edit`. Every rule lives in
 * src/domain/media/; this file declares routes and maps records to JSON. No media route is
 * batchable (the controller's allow_batch is false).
 */
import { canListPosts, listPosts } from '../../../domain/posts/query';
import { loadRecord } from '../../../domain/posts/records';
import { getMediaItem } from '../../../domain/media/media-items';
import { readError } from '../../../domain/posts/records';
import { canCreateMediaItem, canDeleteMediaItem, canUpdateMediaItem, createMediaItem, deleteMediaItem, postProcessMediaItem, updateMediaItem } from '../../../domain/media/write';
import { canEditMediaImage, editMediaItem } from '../../../domain/media/edit';
import { editRequestFrom, mediaChangesFrom, mediaCollectionArgs, mediaEditArgs, mediaListQueryFrom, mediaSchema, mediaWriteArgs, POST_PROCESS_ARGS } from '../../../domain/media/contract';
import { deleteArgs, ID_ARG } from '../../../domain/posts/contract';
import { contextParam } from '../../../schema/item-schema';
import { asId } from '../../../schema/params';
import { paginationHeaders } from '../../server/pagination';
import { EDITABLE, respond, type EndpointDef, type HandlerRequest, type RouteDef } from '../../server/types';
import { alternateLink } from './post-records';
import { mediaJson } from './media-records';
import type { DomainContext } from '../../../domain/context';

const BASE = '/core/v2/media';
const SCHEMA = mediaSchema();
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const contextOf = (request: HandlerRequest): string => str(request.params.context) ?? str(request.get('context')) ?? 'view';
const idOf = (request: HandlerRequest): number => asId(request.params.id ?? request.get('id'));

/** The attachment, checked as get_item_permissions_check reads it (edit context needs edit rights). */
async function readable(ctx: DomainContext, id: number, context: string) {
  const row = await getMediaItem(ctx, id);
  const denied = context === 'edit' ? readError(ctx, row, { context }) : null;
  if (denied) throw denied;
  return loadRecord(ctx, row);
}

const list: EndpointDef = {
  methods: ['GET'],
  args: mediaCollectionArgs(SCHEMA),
  permission: (request) => canListPosts(request.domain, 'attachment', str(request.get('context'))),
  handler: async (request) => {
    const query = mediaListQueryFrom(request);
    const result = await listPosts(request.domain, 'attachment', query);
    const data = await Promise.all(result.records.map((record) => mediaJson(request, record, SCHEMA, { context: query.context })));
    return respond(data, 200, paginationHeaders(request, result.total, result.page, result.perPage));
  },
};

const create: EndpointDef = {
  methods: ['POST'],
  args: mediaWriteArgs(SCHEMA, 'create'),
  upload: true,
  permission: (request) => canCreateMediaItem(request.domain, mediaChangesFrom(request)),
  handler: async (request) => {
    const row = await createMediaItem(request.domain, request.upload, mediaChangesFrom(request));
    const data = await mediaJson(request, await loadRecord(request.domain, row), SCHEMA, { context: 'edit' });
    return respond(data, 201, { Location: request.urls.url(`${BASE}/${row.id}`) });
  },
};

const read: EndpointDef = {
  methods: ['GET'],
  args: { id: ID_ARG, context: contextParam(SCHEMA) },
  permission: async (request) => {
    try {
      await readable(request.domain, idOf(request), contextOf(request));
      return true;
    } catch {
      return false;
    }
  },
  handler: async (request) => {
    const context = contextOf(request);
    const record = await readable(request.domain, idOf(request), context);
    return respond(await mediaJson(request, record, SCHEMA, { context }), 200, { Link: alternateLink(record) });
  },
};

const update: EndpointDef = {
  methods: EDITABLE,
  args: { id: ID_ARG, ...mediaWriteArgs(SCHEMA, 'update') },
  permission: (request) => canUpdateMediaItem(request.domain, idOf(request)),
  handler: async (request) => {
    const row = await updateMediaItem(request.domain, idOf(request), mediaChangesFrom(request));
    return mediaJson(request, await loadRecord(request.domain, row), SCHEMA, { context: 'edit' });
  },
};

const remove: EndpointDef = {
  methods: ['DELETE'],
  args: { id: ID_ARG, ...deleteArgs() },
  permission: (request) => canDeleteMediaItem(request.domain, idOf(request)),
  handler: async (request) => {
    const id = idOf(request);
    const before = await readable(request.domain, id, 'edit').catch(() => null);
    const row = await deleteMediaItem(request.domain, id, request.params.force === true);
    const previous = await mediaJson(request, before ?? (await loadRecord(request.domain, row)), SCHEMA, { context: 'edit', withLinks: false });
    return { deleted: true, previous };
  },
};

const postProcess: EndpointDef = {
  methods: ['POST'],
  args: POST_PROCESS_ARGS,
  permission: (request) => canUpdateMediaItem(request.domain, idOf(request)),
  handler: async (request) => {
    const row = await postProcessMediaItem(request.domain, idOf(request));
    return mediaJson(request, await loadRecord(request.domain, row), SCHEMA, { context: 'edit' });
  },
};

const edit: EndpointDef = {
  methods: ['POST'],
  args: mediaEditArgs(SCHEMA),
  permission: (request) => canEditMediaImage(request.domain, idOf(request)),
  handler: async (request) => {
    const row = await editMediaItem(request.domain, idOf(request), editRequestFrom(request));
    const data = await mediaJson(request, await loadRecord(request.domain, row), SCHEMA, { context: 'edit' });
    return respond(data, 201, { Location: request.urls.url(`${BASE}/${row.id}`) });
  },
};

export function mediaRoutes(): RouteDef[] {
  const schema = () => SCHEMA;
  return [
    { namespace: 'core/v2', path: BASE, endpoints: [list, create], schema },
    { namespace: 'core/v2', path: `${BASE}/(?P<id>[\\d]+)`, endpoints: [read, update, remove], schema },
    { namespace: 'core/v2', path: `${BASE}/(?P<id>[\\d]+)/post-process`, endpoints: [postProcess] },
    { namespace: 'core/v2', path: `${BASE}/(?P<id>[\\d]+)/edit`, endpoints: [edit] },
  ];
}
