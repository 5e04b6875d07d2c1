/**
 * The connections' `where` arguments as the domain's list queries (redirects/v1's `filterBy`,
 * `orderby` and `direction`): names and enum values translated, nothing decided here.
 */
import type { LogListQuery } from '../../../domain/redirects/logs';
import type { ListQuery } from '../../../domain/redirects/list-query';
import type {
  RootQueryToNotFoundLogEntryConnectionWhereArgs,
  RootQueryToRedirectConnectionWhereArgs,
  RootQueryToRedirectGroupConnectionWhereArgs,
  RootQueryToRedirectLogEntryConnectionWhereArgs,
} from '../../../generated/graphql';
import { databaseIdOf } from '../../global-id';

export type RedirectWhere = RootQueryToRedirectConnectionWhereArgs;
export type GroupWhere = RootQueryToRedirectGroupConnectionWhereArgs;
export type LogWhere = RootQueryToRedirectLogEntryConnectionWhereArgs & RootQueryToNotFoundLogEntryConnectionWhereArgs;

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** A filter map without a prototype (its keys are the domain's filter names). */
function filters(entries: Array<[string, unknown]>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of entries) if (given(value)) out[key] = value;
  return Object.keys(out).length ? out : undefined;
}

const direction = (order: string | null | undefined): 'asc' | 'desc' => (order === 'ASC' ? 'asc' : 'desc');

const REDIRECT_ORDERBY: Record<string, string> = { ID: 'id', SOURCE: 'source', HITS: 'last_count', LAST_ACCESS: 'last_access', POSITION: 'position' };

export function redirectFilterBy(where: RedirectWhere): Record<string, unknown> | undefined {
  return filters([
    ['status', given(where.status) ? (where.status ? 'enabled' : 'disabled') : undefined],
    ['url-match', given(where.urlMatch) ? (where.urlMatch ? 'regular' : 'plain') : undefined],
    ['match', where.matchType?.toLowerCase()],
    ['action', where.actionType?.toLowerCase()],
    ['http', given(where.httpCode) ? String(where.httpCode) : undefined],
    ['access', where.access?.toLowerCase()],
    ['url', where.url],
    ['target', where.target],
    ['title', where.title],
    ['group', given(where.groupId) ? String(databaseIdOf(where.groupId, 'redirect_group')) : undefined],
  ]);
}

export function redirectListQuery(where: RedirectWhere = {}): ListQuery {
  return { filterBy: redirectFilterBy(where), orderby: where.orderby ? REDIRECT_ORDERBY[where.orderby.field] : undefined, direction: direction(where.orderby?.order) };
}

export function groupListQuery(where: GroupWhere = {}): ListQuery {
  return {
    filterBy: filters([
      ['status', given(where.status) ? (where.status ? 'enabled' : 'disabled') : undefined],
      ['module', given(where.moduleId) ? String(where.moduleId) : undefined],
      ['name', where.name],
    ]),
    orderby: where.orderby?.field === 'ID' ? 'id' : 'name',
    direction: direction(where.orderby?.order),
  };
}

export function logFilterBy(where: LogWhere): Record<string, unknown> | undefined {
  return filters([
    ['ip', where.ip],
    ['url', where.url],
    ['url-exact', where.urlExact],
    ['referrer', where.referrer],
    ['agent', where.agent],
    ['domain', where.domain],
    ['method', where.method],
    ['http', where.httpCode],
    ['target', where.target],
    ['redirect_by', where.redirectBy],
  ]);
}

const LOG_ORDERBY: Record<string, string> = { DATE: '', URL: 'url', IP: 'ip' };

export function logListQuery(where: LogWhere = {}): LogListQuery {
  return { filterBy: logFilterBy(where), orderby: where.orderby ? LOG_ORDERBY[where.orderby.field] : '', direction: direction(where.orderby?.order) };
}
