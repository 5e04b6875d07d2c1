/**
 * The plugin's list arguments (get_filter_args), declared as data in its order: `filterBy` checked
 * against the family's filters (WordPress's validate_callback answer: 400 rest_invalid_param),
 * `orderby`, `direction`, `per_page`, `page`; and the list query they make for the domain.
 */
import { filterByError, type Direction, type ListQuery } from '../../../domain/redirects/list-query';
import { requestFlag } from '../../../domain/redirects/php-values';
import type { ArgSchema } from '../../../schema/types';
import type { HandlerRequest } from '../../server/types';

export const NS = 'redirects/v1';

export function listArgs(orders: readonly string[], filters: readonly string[]): Record<string, ArgSchema> {
  return {
    filterBy: {
      description: 'Field to filter by',
      validate: (value) => {
        const problem = filterByError(value, filters);
        return problem ? { code: 'rest_invalid_param', message: problem, data: { status: 400 } } : null;
      },
    },
    orderby: { description: 'Field to order results by', type: 'string', enum: orders },
    direction: { description: 'Direction of ordered results', type: 'string', default: 'desc', enum: ['asc', 'desc'] },
    per_page: { description: 'Number of results per page', type: 'integer', default: 25, minimum: 5, maximum: 200 },
    page: { description: 'Page offset', type: 'integer', minimum: 0, default: 0 },
  };
}

/** The list query of a request (its declared list arguments, checked by the dispatcher). */
export function listQueryOf(request: HandlerRequest): ListQuery {
  const filterBy = request.params.filterBy;
  return {
    filterBy: typeof filterBy === 'object' && filterBy !== null ? (filterBy as Record<string, unknown>) : undefined,
    orderby: typeof request.params.orderby === 'string' ? request.params.orderby : undefined,
    direction: request.params.direction as Direction | undefined,
    perPage: request.params.per_page as number | undefined,
    page: request.params.page as number | undefined,
  };
}

/** A bulk route's `items` and `global`: declared ones, or (groups declare no `global`) the raw value, read as requestFlag reads an on/off parameter. */
export function bulkTargetOf(request: HandlerRequest): { items?: unknown[]; global: boolean; filterBy?: Record<string, unknown> } {
  const items = request.params.items ?? request.get('items');
  return { items: Array.isArray(items) ? items : undefined, global: requestFlag(request.params.global ?? request.get('global')), filterBy: listQueryOf(request).filterBy };
}
