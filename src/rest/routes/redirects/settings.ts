/**
 * redirects/v1: /setting (api-settings.php), onto src/domain/redirects/settings-write.ts. POST reads
 * every parameter the client sent (none are declared): unknown keys are ignored by the domain.
 */
import { canRedirects } from '../../../domain/redirects/permissions';
import { redirectSettingsView, updateRedirectSettings } from '../../../domain/redirects/settings-write';
import { EDITABLE, type HandlerRequest, type RouteDef } from '../../server/types';

const NS = 'redirects/v1';

const canManage = (request: HandlerRequest) => canRedirects(request.viewer, 'option_manage') || canRedirects(request.viewer, 'site_manage');

/** The request's parameters by WordPress's precedence (JSON body over form body over query), in a prototype-free map. */
function allParams(request: HandlerRequest): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const source of [request.query, request.bodyParams]) {
    for (const key of Object.keys(source)) if (Object.prototype.hasOwnProperty.call(source, key)) out[key] = source[key];
  }
  return out;
}

export function settingsRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: `/${NS}/setting`,
      endpoints: [
        { methods: ['GET'], permission: canManage, handler: async (request) => redirectSettingsView(request.domain) },
        { methods: EDITABLE, permission: canManage, handler: async (request) => updateRedirectSettings(request.domain, allParams(request)) },
      ],
    },
  ];
}
