/**
 * security/v1 pairing routes (wfRESTAuthenticationController; disconnect and premium-connect of
 * wfRESTConfigController), onto src/domain/security/pairing.ts. None declares arguments, as in the
 * plugin: each reads what the dashboard sends by WordPress's precedence.
 */
import { verifyCentralToken } from '../../../domain/security/central-auth';
import { authenticate, authenticatePremium, authenticationNonce, disconnect, premiumConnect } from '../../../domain/security/pairing';
import { EDITABLE, respond, type RouteDef } from '../../server/types';

const NS = 'security/v1';

export function pairingRoutes(): RouteDef[] {
  return [
    {
      namespace: NS,
      path: `/${NS}/authenticate`,
      endpoints: [
        // Each nonce is single-use: never from a cache.
        { methods: ['GET'], handler: async (request) => respond(await authenticationNonce(request.domain), 200, { 'Cache-Control': 'no-store' }) },
        { methods: ['POST'], handler: async (request) => authenticate(request.domain, request.get('data'), request.get('signature')) },
      ],
    },
    {
      namespace: NS,
      path: `/${NS}/authenticate-premium`,
      endpoints: [{ methods: ['POST'], handler: async (request) => authenticatePremium(request.domain, request.get('data'), request.get('signature')) }],
    },
    {
      namespace: NS,
      path: `/${NS}/disconnect`,
      endpoints: [
        {
          methods: EDITABLE,
          handler: async (request) => disconnect(request.domain, await verifyCentralToken(request.domain, request.headers)),
        },
      ],
    },
    {
      namespace: NS,
      path: `/${NS}/premium-connect`,
      endpoints: [
        {
          methods: EDITABLE,
          handler: async (request) => {
            const caller = await verifyCentralToken(request.domain, request.headers, 'premium');
            return premiumConnect(request.domain, caller, { publicKey: request.get('public-key'), siteData: request.get('site-data'), siteId: request.get('site-id') });
          },
        },
      ],
    },
  ];
}
