/**
 * redirects/v1: /redirect, /redirect/{id}, /redirect/post, /bulk/redirect/{bulk}
 * (the plugin's Redirection_Api_Redirect), translated onto src/domain/redirects/redirects.ts.
 */
import type { DomainContext } from '../../../domain/context';
import { REDIRECT_FILTERS, REDIRECT_ORDERS } from '../../../domain/redirects/list-query';
import { canRedirects } from '../../../domain/redirects/permissions';
import { searchRedirectTargets } from '../../../domain/redirects/post-search';
import { bulkRedirects, createRedirects, listRedirects, updateRedirect, type RedirectBulkAction } from '../../../domain/redirects/redirects';
import { defaultSourceFlags, readRedirectSettings } from '../../../domain/redirects/settings';
import type { RedirectInput } from '../../../domain/redirects/types';
import { siteOptionsOf } from '../../../domain/settings/options';
import { EDITABLE, type HandlerRequest, type RouteDef } from '../../server/types';
import { bulkTargetOf, listArgs, listQueryOf, NS } from './list-args';
import { redirectJson } from './records';

/** The fields of a redirect a client may send (the plugin reads them from all of the request's parameters). */
const INPUT_FIELDS = ['url', 'match_url', 'match_data', 'regex', 'group_id', 'position', 'title', 'status', 'enabled', 'match_type', 'action_type', 'action_code', 'action_data', 'hits', 'last_access'] as const;

export function redirectInputOf(request: HandlerRequest): RedirectInput {
  const input: Record<string, unknown> = Object.create(null);
  for (const field of INPUT_FIELDS) if (request.has(field)) input[field] = request.get(field);
  return input as RedirectInput;
}

/** The list for the request's list parameters (what every write here answers with). */
export async function redirectListJson(request: HandlerRequest): Promise<{ items: unknown[]; total: number }> {
  const [list, options] = await Promise.all([listRedirects(request.domain, listQueryOf(request)), siteOptionsOf(request.domain)]);
  return { items: list.items.map((record) => redirectJson(record, list.defaults, options)), total: list.total };
}

const can = (capability: Parameters<typeof canRedirects>[1]) => (request: { domain: DomainContext }) => canRedirects(request.domain.viewer, capability);

export function redirectsRoutes(): RouteDef[] {
  const args = listArgs(REDIRECT_ORDERS, REDIRECT_FILTERS);
  return [
    {
      namespace: NS,
      path: '/redirects/v1/redirect',
      endpoints: [
        { methods: ['GET'], args, permission: can('redirect_manage'), handler: redirectListJson },
        {
          methods: EDITABLE,
          args,
          permission: can('redirect_add'),
          handler: async (request) => {
            await createRedirects(request.domain, redirectInputOf(request));
            return redirectListJson(request);
          },
        },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/redirect/(?P<id>[\\d]+)',
      endpoints: [
        {
          methods: EDITABLE,
          permission: can('redirect_add'),
          handler: async (request) => {
            const record = await updateRedirect(request.domain, Number(request.params.id), redirectInputOf(request));
            const [options, list] = await Promise.all([siteOptionsOf(request.domain), listDefaults(request)]);
            return { item: redirectJson(record, list, options) };
          },
        },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/redirect/post',
      endpoints: [
        {
          methods: ['GET'],
          args: { text: { description: 'Text to match', type: 'string', required: true } },
          permission: can('redirect_manage'),
          handler: (request) => searchRedirectTargets(request.domain, request.params.text),
        },
      ],
    },
    {
      namespace: NS,
      path: '/redirects/v1/bulk/redirect/(?P<bulk>delete|enable|disable|reset)',
      endpoints: [
        {
          methods: EDITABLE,
          args: {
            ...args,
            global: { description: 'Apply bulk action globally, as per filters', type: 'boolean' },
            items: { description: 'Array of IDs to perform action on', type: 'array', items: { description: 'Item ID', type: ['string', 'number'] } },
          },
          permission: (request) => canRedirects(request.domain.viewer, request.params.bulk === 'delete' || /\/delete$/.test(request.path) ? 'redirect_delete' : 'redirect_add'),
          handler: async (request) => {
            await bulkRedirects(request.domain, String(request.params.bulk) as RedirectBulkAction, bulkTargetOf(request));
            return redirectListJson(request);
          },
        },
      ],
    },
  ];
}

/** The site's default source flags (shown in `match_data`). */
async function listDefaults(request: HandlerRequest) {
  return defaultSourceFlags(await readRedirectSettings(request.domain.db));
}
