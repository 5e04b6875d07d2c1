/**
 * `oembed/1.0` (WP_oEmbed_Controller): `/embed` for this site's addresses, in JSON or XML, and
 * `/proxy` for editors, for any address. Every rule lives in src/domain/oembed/.
 */
import { EMBED_ARGS, embedQueryFrom, PROXY_ARGS, proxyQueryFrom } from '../../domain/oembed/contract';
import { embedOEmbed } from '../../domain/oembed/embed';
import { canProxy, proxyOEmbed } from '../../domain/oembed/remote';
import { oembedXml } from '../../domain/oembed/xml';
import type { RouteDef, SerializedBody } from '../server/types';

const NAMESPACE = 'oembed/1.0';

/** _oembed_rest_pre_serve_request(): GET /embed with `format=xml` answers XML, errors included. */
function xmlAnswer(data: unknown, request: { method: string; query: Record<string, unknown> }): SerializedBody | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.query.format !== 'xml' || data === null || typeof data !== 'object') return null;
  return { contentType: 'text/xml; charset=UTF-8', body: oembedXml(data as Record<string, unknown>) };
}

export function oembedRoutes(): RouteDef[] {
  return [
    {
      namespace: NAMESPACE,
      path: `/${NAMESPACE}/embed`,
      serialize: xmlAnswer,
      endpoints: [
        {
          methods: ['GET'],
          args: EMBED_ARGS,
          handler: (request) => embedOEmbed(request.domain, embedQueryFrom(request)),
        },
      ],
    },
    {
      namespace: NAMESPACE,
      path: `/${NAMESPACE}/proxy`,
      endpoints: [
        {
          methods: ['GET'],
          args: PROXY_ARGS,
          permission: (request) => canProxy(request.viewer),
          handler: (request) => proxyOEmbed(request.domain, proxyQueryFrom(request)),
        },
      ],
    },
  ];
}
