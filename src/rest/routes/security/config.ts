/**
 * security/v1 `config` (wfRESTConfigController getConfig/setConfig), onto
 * src/domain/security/settings-write.ts. Both methods need the paired dashboard's token. GET
 * answers `{config, info}` (optionally only the `fields[]` named); POST/PUT/PATCH take
 * `fields: {name: value}`, validated whole (422 `rest_set_config_error` naming the failing fields,
 * nothing written) and answer `{success: true}`.
 */
import { verifyCentralToken } from '../../../domain/security/central-auth';
import { detectedAddresses } from '../../../domain/security/client-address';
import { securityConfigView, updateSecuritySettings } from '../../../domain/security/settings-write';
import { EDITABLE, type RouteDef } from '../../server/types';

const NS = 'security/v1';

// The plugin declares `fields` beside its endpoints rather than as arguments, so WordPress never
// validates it: neither do we (the domain does).

/** `fields[]` as a list of names (a single name, a comma-separated text or an array). */
function fieldNames(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : String(value).split(',');
  return items.filter((item): item is string | number => typeof item === 'string' || typeof item === 'number').map((item) => String(item).trim()).filter(Boolean);
}

export function configRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: `/${NS}/config`,
      endpoints: [
        {
          methods: ['GET'],
          handler: async (request) => {
            await verifyCentralToken(request.domain, request.headers);
            return securityConfigView(request.domain.db, fieldNames(request.get('fields')), {
              ip: request.ip,
              detected_ips: detectedAddresses(request.ip || undefined, request.headers),
              admin_url: `${request.domain.config.siteUrl}/wp-admin/`,
            });
          },
        },
        {
          methods: EDITABLE,
          handler: async (request) => {
            await verifyCentralToken(request.domain, request.headers);
            await updateSecuritySettings(request.domain.db, request.get('fields'), { actor: 'central', ip: request.ip || null });
            return { success: true };
          },
        },
      ],
    },
  ];
}
