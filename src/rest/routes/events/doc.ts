/**
 * `GET /events/v1/doc`: the OpenAPI 3 document of the namespace (Swagger_Documentation), generated
 * from the route table — every route of `events/v1` in registration order, its methods, arguments
 * (query or path parameters, form request bodies) and item schema — plus the shared definitions.
 */
import type { RouteRegistry, CompiledRoute } from '../../server/registry';
import type { ArgSchema } from '../../../schema/types';
import type { EndpointDef, RouteDef } from '../../server/types';
import type { RestUrls } from '../../server/urls';
import { docHintsOf } from './route-args';
import { NS } from './records';
import { DEFINITIONS } from './schemas';

const NO_DESCRIPTION = 'No description provided';

/** `/events/v1/events/(?P<id>\d+)` -> `/events/{id}`. */
function openApiPath(route: string): string {
  return route.slice(NS.length).replace(/\(\?P<(\w+)>[^)]*\)/g, '{$1}') || '/';
}

function typeOf(schema: ArgSchema): string {
  const hints = docHintsOf(schema);
  const type = hints.swaggerType ?? (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'string';
  return type === 'int' ? 'integer' : type === 'bool' ? 'boolean' : type;
}

/** swaggerize_args(): one parameter per argument. */
function parameters(args: Record<string, ArgSchema>, where: 'query' | 'path', pathVars: readonly string[]): unknown[] {
  return Object.entries(args).map(([name, schema]) => {
    const hints = docHintsOf(schema);
    const param: Record<string, unknown> = {
      name,
      in: pathVars.includes(name) ? 'path' : (hints.in === 'path' ? 'query' : hints.in) ?? where,
      description: schema.description ?? NO_DESCRIPTION,
      schema: { type: typeOf(schema), ...(schema.items ? { items: schema.items } : {}) },
      required: schema.required === true || pathVars.includes(name),
    };
    if (hints.csv) Object.assign(param, { style: 'form', explode: false });
    return param;
  });
}

/** swaggerize_post_args(): a form body schema. */
function requestBody(args: Record<string, ArgSchema>, pathVars: readonly string[]): unknown {
  const properties: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(args)) {
    if (pathVars.includes(name)) continue;
    properties[name] = { description: schema.description ?? NO_DESCRIPTION, type: typeOf(schema), ...(schema.items ? { items: schema.items } : {}) };
  }
  return { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties } } } };
}

function responses(route: CompiledRoute, method: 'get' | 'post' | 'delete', collection: boolean): Record<string, unknown> {
  const title = route.schema?.().title;
  const ref = title ? { $ref: `#/components/schemas/${title}` } : undefined;
  const json = (schema: unknown) => (schema ? { content: { 'application/json': { schema } } } : {});
  const base = openApiPath(route.path).split('/')[1] ?? '';
  if (method === 'get' && collection) {
    return {
      200: { description: `Returns the ${base} matching the query`, ...json(ref ? { title: base, type: 'array', items: ref } : undefined) },
      400: { description: 'One or more of the specified query variables has a bad format' },
      404: { description: 'The requested page was not found.' },
    };
  }
  if (method === 'get') {
    return {
      200: { description: 'Returns the record with the specified ID', ...json(ref) },
      400: { description: 'The record ID is missing or invalid.' },
      403: { description: 'The record with the specified ID is not accessible.' },
    };
  }
  if (method === 'post') {
    return {
      200: { description: 'Returns the updated record', ...json(ref) },
      201: { description: 'Returns the created record', ...json(ref) },
      400: { description: 'A required parameter is missing or an input parameter is in the wrong format' },
      403: { description: 'The user is not authorized to write it' },
    };
  }
  return {
    200: { description: 'Deletes the record and returns its data', ...json(ref) },
    400: { description: 'The record ID is missing or does not exist.' },
    403: { description: 'The current user cannot delete the record.' },
    410: { description: 'The record has been deleted already.' },
    500: { description: 'The record could not be deleted.' },
  };
}

function operations(route: CompiledRoute): Record<string, unknown> {
  const pathVars = [...route.path.matchAll(/\(\?P<(\w+)>/g)].map((m) => m[1]);
  const collection = pathVars.length === 0;
  const out: Record<string, unknown> = {};
  const describe = (endpoint: EndpointDef, method: 'get' | 'post' | 'delete') => {
    const args = endpoint.args ?? {};
    const op: Record<string, unknown> = {};
    if (method === 'post') {
      const pathArgs = Object.fromEntries(Object.entries(args).filter(([name]) => pathVars.includes(name)));
      if (Object.keys(pathArgs).length) op.parameters = parameters(pathArgs, 'path', pathVars);
      op.requestBody = requestBody(args, pathVars);
    } else if (Object.keys(args).length) {
      op.parameters = parameters(args, 'query', pathVars);
    }
    op.responses = route.path === `${NS}/doc` ? { 200: { description: 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.' } } : responses(route, method, collection);
    out[method] = op;
  };
  for (const endpoint of route.endpoints) {
    if (endpoint.methods.includes('GET')) describe(endpoint, 'get');
    if (endpoint.methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH') && !out.post) describe(endpoint, 'post');
    if (endpoint.methods.includes('DELETE')) describe(endpoint, 'delete');
  }
  return out;
}

function componentOf(schema: { title: string; properties: Record<string, ArgSchema> }): unknown {
  return { type: 'object', properties: schema.properties };
}

/** The document for the routes registered so far in the namespace. */
export function openApiDocument(registry: RouteRegistry, urls: RestUrls): Record<string, unknown> {
  const routes = registry.inNamespace('events/v1').filter((r) => r.path !== NS);
  const schemas: Record<string, unknown> = {};
  for (const definition of DEFINITIONS) schemas[definition.title] = componentOf(definition);
  for (const route of routes) {
    const schema = route.schema?.();
    if (schema && !(schema.title in schemas)) schemas[schema.title] = componentOf(schema);
  }
  const paths: Record<string, unknown> = {};
  for (const route of routes) paths[openApiPath(route.path)] = operations(route);
  return {
    openapi: '3.0.0',
    info: { version: '1.0.0', title: 'The Events Calendar REST API', description: 'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.' },
    components: { schemas },
    servers: [{ url: urls.url(`${NS}/`) }],
    paths,
  };
}

export function docRoute(registry: RouteRegistry): RouteDef {
  return {
    namespace: 'events/v1',
    path: `${NS}/doc`,
    endpoints: [{ methods: ['GET'], handler: async (request) => openApiDocument(registry, request.urls) }],
  };
}
