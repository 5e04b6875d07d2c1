/**
 * Relay connections over the domain's offset-paged lists (page from 0, 5 to 200 a page): a window
 * of the connection is read as the one or two pages that hold it, and a cursor's place is the
 * domain's keyset count (list-position.ts, logs-position.ts). A viewer who may not list redirects
 * gets an empty connection (WPGraphQL answers what the viewer may not see with nothing, not an error).
 */
import { DomainError } from '../../../domain/errors';
import { listGroups } from '../../../domain/redirects/groups';
import { groupPosition, redirectPosition } from '../../../domain/redirects/list-position';
import { MAX_PER_PAGE, MIN_PER_PAGE, type ListQuery } from '../../../domain/redirects/list-query';
import { listLogs, type LogKind, type LogListQuery } from '../../../domain/redirects/logs';
import { logPosition } from '../../../domain/redirects/logs-position';
import { listRedirects } from '../../../domain/redirects/redirects';
import type { LogRecord } from '../../../domain/redirects/types';
import { connectionOf, connectionOfList, type Connection, type ConnectionArgs, type OrderedList } from '../../connection';
import type { GraphQLContext } from '../../context';
import { NotFoundLogEntryModel, RedirectGroupModel, RedirectLogEntryModel, RedirectModel } from './models';
import { groupListQuery, logListQuery, redirectListQuery, type GroupWhere, type LogWhere, type RedirectWhere } from './where';

export type { RedirectWhere } from './where';

/** Items `offset` to `offset + limit` of a list read by pages (`page(perPage, page)`). */
export async function offsetWindow<T>(page: (perPage: number, page: number) => Promise<{ items: T[] }>, offset: number, limit: number): Promise<T[]> {
  if (limit <= 0) return [];
  // A page at least as long as the window: the window lies within two consecutive pages.
  const size = Math.min(MAX_PER_PAGE, Math.max(MIN_PER_PAGE, limit));
  const first = Math.floor(offset / size);
  const from = offset - first * size;
  const items = (await page(size, first)).items;
  if (from + limit > size && items.length === size) items.push(...(await page(size, first + 1)).items);
  return items.slice(from, from + limit);
}

/** The connection, or an empty one when the domain refuses the viewer. */
async function visible<T>(args: ConnectionArgs, list: OrderedList<T>, idOf: (item: T) => number): Promise<Connection<T>> {
  try {
    return await connectionOf(args, list);
  } catch (error) {
    if (error instanceof DomainError && (error.status === 401 || error.status === 403)) return connectionOfList(args, [], idOf);
    throw error;
  }
}

export function redirectConnection(ctx: GraphQLContext, args: ConnectionArgs, where: RedirectWhere | null | undefined): Promise<Connection<RedirectModel>> {
  const query = redirectListQuery(where ?? {});
  const page = async (perPage: number, pageNo: number) => {
    const list = await listRedirects(ctx.domain, { ...query, perPage, page: pageNo });
    return { items: list.items.map((record) => new RedirectModel(record, list.defaults)), total: list.total };
  };
  const idOf = (model: RedirectModel) => model.record.id;
  return visible(args, {
    window: (offset, limit) => offsetWindow(page, offset, limit),
    count: async () => (await page(MIN_PER_PAGE, 0)).total,
    positionOf: (id) => redirectPosition(ctx.domain, query, id),
    idOf,
  }, idOf);
}

export function groupConnection(ctx: GraphQLContext, args: ConnectionArgs, where: GroupWhere | null | undefined): Promise<Connection<RedirectGroupModel>> {
  const query: ListQuery = groupListQuery(where ?? {});
  const page = async (perPage: number, pageNo: number) => {
    const list = await listGroups(ctx.domain, { ...query, perPage, page: pageNo });
    return { items: list.items.map((record) => new RedirectGroupModel(record, record.id === list.defaultGroupId)), total: list.total };
  };
  const idOf = (model: RedirectGroupModel) => model.record.id;
  return visible(args, {
    window: (offset, limit) => offsetWindow(page, offset, limit),
    count: async () => (await page(MIN_PER_PAGE, 0)).total,
    positionOf: (id) => groupPosition(ctx.domain, query, id),
    idOf,
  }, idOf);
}

type LogModel = RedirectLogEntryModel | NotFoundLogEntryModel;

export function logConnection(ctx: GraphQLContext, kind: LogKind, args: ConnectionArgs, where: LogWhere | null | undefined): Promise<Connection<LogModel>> {
  const query: LogListQuery = logListQuery(where ?? {});
  const model = (record: LogRecord): LogModel => (kind === 'redirect' ? new RedirectLogEntryModel(record) : new NotFoundLogEntryModel(record));
  const page = async (perPage: number, pageNo: number) => {
    const list = await listLogs(ctx.domain, kind, { ...query, perPage, page: pageNo });
    // Entries, never groups: the query names no groupBy.
    return { items: list.grouped ? [] : list.items.map(model), total: list.total };
  };
  const idOf = (entry: LogModel) => entry.record.id;
  return visible(args, {
    window: (offset, limit) => offsetWindow(page, offset, limit),
    count: async () => (await page(MIN_PER_PAGE, 0)).total,
    positionOf: (id) => logPosition(ctx.domain, kind, query, id),
    idOf,
  }, idOf);
}
