/**
 * From a dispatched result to the HTTP answer, as WP_REST_Server::serve_request does: OPTIONS,
 * `_embed`, link compaction, `_envelope`, `_jsonp`, `_pretty`, and the standard headers.
 */
import { DomainError } from '../../domain/errors';
import { describeRoute } from './describe';
import type { DispatchResult, InternalRequest, RestDispatcher } from './dispatcher';
import { embedLinks, parseEmbed } from './embed';
import { errorBody } from './errors';
import { encodeJson } from './json';
import { isFieldIncluded, parseFields } from './fields';
import { compactRecordLinks } from './links';
import { addTargetHints } from './target-hints';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for answers without a body (HEAD, 204). */
  body: string | null;
}

const NO_CACHE = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
};

export function standardHeaders(dispatcher: RestDispatcher, request: InternalRequest): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    Link: `<${dispatcher.deps.urls.root()}>; rel="https://api.w.org/"`,
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
    Vary: 'Origin',
  };
  const origin = request.headers.origin;
  if (origin) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Methods'] = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
    headers['Access-Control-Allow-Credentials'] = 'true';
  }
  if (!request.viewer.isAnonymous) Object.assign(headers, NO_CACHE);
  return headers;
}

function encode(value: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify(value, null, 4) : encodeJson(value);
}

/** The JSONP callback name check of wp_check_jsonp_callback. */
function jsonpCallback(value: unknown): string | DomainError | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[\w.]+$/.test(value)) return new DomainError('rest_callback_invalid', 'Invalid JSONP callback function.', 400);
  return value;
}

export async function serveRequest(dispatcher: RestDispatcher, request: InternalRequest, options: { head: boolean; override: boolean }): Promise<HttpAnswer> {
  const headers = standardHeaders(dispatcher, request);
  const query = request.query;
  const pretty = query._pretty !== undefined;
  const jsonp = jsonpCallback(query._jsonp);
  // WordPress prints only {code, message} here; every error of ours carries data.status.
  if (jsonp instanceof DomainError) return { status: 400, headers, body: encode(errorBody(jsonp), pretty) };

  let result: DispatchResult;
  const isOptions = request.method.toUpperCase() === 'OPTIONS';
  if (isOptions) {
    result = await optionsResult(dispatcher, request);
  } else {
    result = await dispatcher.dispatch(request);
  }

  const embed = parseEmbed(query._embed);
  const fields = parseFields(query._fields);
  if (result.status < 400 && !isOptions) await addTargetHints(result.data, dispatcher, request);
  if (embed && result.status < 400 && isFieldIncluded('_embedded', fields)) {
    await embedLinks(result.data, embed, dispatcher, request);
  }
  compactRecordLinks(result.data);

  // A 4xx that came from a method override must not be cached either (WordPress does the same).
  if (options.override && result.status >= 400 && result.status < 500) Object.assign(headers, NO_CACHE);

  let status = result.status;
  let data = result.data;
  if (query._envelope !== undefined) {
    const enveloped: Record<string, string | number> = { ...result.headers };
    data = { body: data, status, headers: Object.keys(enveloped).length ? enveloped : [] };
    status = 200;
    // An answer that must not be stored (a single-use nonce) stays so in an envelope.
    if (enveloped['Cache-Control'] !== undefined) headers['Cache-Control'] = String(enveloped['Cache-Control']);
  } else {
    for (const [name, value] of Object.entries(result.headers)) headers[name] = String(value);
  }

  const serialized = isOptions ? null : (result.route?.serialize?.(data, { method: request.method.toUpperCase(), query }) ?? null);
  let body: string | null = serialized ? serialized.body : encode(data, pretty);
  if (serialized) {
    headers['Content-Type'] = serialized.contentType;
  } else if (typeof jsonp === 'string') {
    headers['Content-Type'] = 'application/javascript; charset=UTF-8';
    body = `/**/${jsonp}(${body})`;
  }
  if (options.head || status === 204) body = null;
  return { status, headers, body };
}

/** OPTIONS: the first matching route's description with its schema, or [] for an unknown path. */
async function optionsResult(dispatcher: RestDispatcher, request: InternalRequest): Promise<DispatchResult> {
  const match = dispatcher.deps.registry.match(request.route);
  if (!match) return { status: 200, data: [], headers: {} };
  const data = describeRoute(match.route, 'help', dispatcher.deps.urls);
  const allow = await dispatcher.allowHeader(request);
  const headers: Record<string, string | number> = allow ? { Allow: allow } : {};
  return { status: 200, data, headers };
}
