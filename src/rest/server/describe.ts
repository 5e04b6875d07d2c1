/**
 * Route descriptions as the index, namespace roots and OPTIONS print them
 * (WP_REST_Server::get_data_for_route). Built from the route table only.
 */
import type { CompiledRoute } from './registry';
import { toPublicArgSchema } from './print-args';
import type { RestUrls } from './urls';

export type DescribeContext = 'view' | 'embed' | 'edit' | 'help';

export interface RouteDescription {
  namespace: string;
  methods: string[];
  endpoints: Array<{ methods: string[]; allow_batch?: { v1: true }; args: Record<string, unknown> | [] }>;
  schema?: unknown;
  _links?: { self: Array<{ href: string }> };
}

export function describeRoute(route: CompiledRoute, context: DescribeContext, urls: RestUrls): RouteDescription {
  const endpoints = route.endpoints
    .filter((e) => e.showInIndex !== false)
    .map((endpoint) => {
      const args = Object.entries(endpoint.args ?? {});
      const printed: RouteDescription['endpoints'][number] = { methods: [...endpoint.methods], args: [] };
      if (endpoint.allowBatch) printed.allow_batch = { v1: true };
      printed.args = args.length ? Object.fromEntries(args.map(([name, schema]) => [name, toPublicArgSchema(schema)])) : [];
      return printed;
    });
  const methods: string[] = [];
  for (const e of endpoints) for (const m of e.methods) if (!methods.includes(m)) methods.push(m);
  const description: RouteDescription = { namespace: route.namespace, methods, endpoints };
  if (context === 'help' && route.schema) description.schema = route.schema();
  if (!route.hasVariables) description._links = { self: [{ href: urls.url(route.path) }] };
  return description;
}

/** Descriptions of many routes keyed by route pattern, skipping those hidden from the index. */
export function describeRoutes(routes: readonly CompiledRoute[], context: DescribeContext, urls: RestUrls): Record<string, RouteDescription> {
  const out: Record<string, RouteDescription> = {};
  for (const route of routes) {
    if (route.showInIndex === false) continue;
    const description = describeRoute(route, context, urls);
    if (description.endpoints.length) out[route.path] = description;
  }
  return out;
}
