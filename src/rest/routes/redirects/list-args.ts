/**
 * The plugin's list parameters (Redirection_Api_Filter_Route::get_filter_args), for the log routes:
 * `filterBy` checked against the route's filter keys, `orderby` from its enum, `direction`,
 * `per_page` 5–200 (25) and a 0-based `page`.
 */
import type { ArgSchema } from '../../../schema/types';
import type { LogListQuery } from '../../../domain/redirects/logs';
import type { HandlerRequest } from '../../server/types';

export function listArgs(orders: readonly string[], filterProblem: (value: unknown) => string | null): Record<string, ArgSchema> {
  return {
    filterBy: {
      description: 'Field to filter by',
      validate: (value) => {
        const problem = filterProblem(value);
        return problem ? { code: 'rest_invalid_param', message: problem, data: { status: 400 } } : null;
      },
    },
    orderby: { description: 'Field to order results by', type: 'string', enum: orders },
    direction: { description: 'Direction of ordered results', type: 'string', default: 'desc', enum: ['asc', 'desc'] },
    per_page: { description: 'Number of results per page', type: 'integer', default: 25, minimum: 5, maximum: 200 },
    page: { description: 'Page offset', type: 'integer', minimum: 0, default: 0 },
  };
}

/** The list query of a request: the checked arguments, plus `groupBy` (read as sent, as the plugin does). */
export function listQueryOf(request: HandlerRequest): LogListQuery {
  const filterBy = request.params.filterBy;
  return {
    filterBy: filterBy !== null && typeof filterBy === 'object' ? (filterBy as Record<string, unknown>) : undefined,
    orderby: request.params.orderby as string | undefined,
    direction: request.params.direction as string | undefined,
    perPage: request.params.per_page as number | undefined,
    page: request.params.page as number | undefined,
    groupBy: request.get('groupBy'),
  };
}
