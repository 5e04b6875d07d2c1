/**
 * The one dispatcher: pretty URLs, `?rest_route=`, batch sub-requests and `_embed` links all come
 * through dispatch(), in WordPress's order of operations (rest-semantics §2.1): match the route and
 * method, refuse a bad JSON body, check required arguments, validate, sanitise, call the handler,
 * then add the Allow header and apply `_fields`.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { holdsUnacceptableText, isAcceptableText, parseClientJson, type JsonFailure } from '../../domain/client-input';
import { DomainError, isDomainError } from '../../domain/errors';
import { LoaderCache } from '../../domain/loaders';
import type { Viewer } from '../../domain/viewer';
import { errorBody, internalError, noRoute } from './errors';
import { filterFields, parseFields } from './fields';
import { parseQuery } from './query';
import type { CompiledRoute } from './registry';
import { RouteRegistry } from './registry';
import { processArgs } from '../../schema/args';
import type { EndpointDef, HandlerRequest, HttpMethod } from './types';
import { isRestResponse } from './types';
import { stageUpload, type StagedUpload, type UploadBody } from './uploads';
import type { UploadSource } from '../../domain/media/upload-source';
import type { RestUrls } from './urls';

export type BodyInput =
  | { kind: 'none' }
  | { kind: 'raw'; contentType: string; bytes: Buffer }
  /** Already structured parameters (batch sub-requests send their body as form parameters). */
  | { kind: 'params'; values: Record<string, unknown> }
  /** A body left unread for an upload endpoint (see uploads.ts). */
  | { kind: 'upload'; contentType: string; body: UploadBody };

export interface InternalRequest {
  method: string;
  route: string;
  query: Record<string, unknown>;
  /** Plain query keys that were given more than once. */
  repeatedQuery?: string[];
  /** Query parameters whose key or value is not acceptable text (invalid UTF-8, NUL). */
  invalidQuery?: string[];
  body: BodyInput;
  headers: Record<string, string>;
  viewer: Viewer;
  /** The client's address as the security settings see it (src/http/security.ts); '' when unknown. */
  ip?: string;
  /** Shared with `_embed` sub-requests; a new cache is made when absent (batch items get their own). */
  loaders?: LoaderCache;
}

export interface DispatchResult {
  status: number;
  data: unknown;
  headers: Record<string, string | number>;
  route?: CompiledRoute;
}

export interface ServerDeps {
  config: Config;
  db: Database;
  registry: RouteRegistry;
  urls: RestUrls;
  log?: FastifyBaseLogger;
}

const NO_ARGS: Record<string, never> = {};

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

interface ParsedBody {
  json: Record<string, unknown> | null;
  form: Record<string, unknown> | null;
  jsonError: JsonFailure | null;
  /** Body parameters whose key or value is not acceptable text (invalid UTF-8, NUL). */
  invalid: string[];
  raw: Buffer | null;
}

/** Top-level parameters of a decoded body that hold unacceptable text anywhere in them. */
function unacceptableParams(values: Record<string, unknown>): string[] {
  return Object.entries(values)
    .filter(([key, value]) => !isAcceptableText(key) || holdsUnacceptableText(value))
    .map(([key]) => key);
}

function parseBody(method: string, body: BodyInput): ParsedBody {
  const parsed: ParsedBody = { json: null, form: null, jsonError: null, invalid: [], raw: null };
  if (body.kind === 'params') {
    parsed.form = body.values;
    parsed.invalid = unacceptableParams(body.values);
    return parsed;
  }
  if (body.kind === 'none' || body.kind === 'upload') return parsed;
  parsed.raw = body.bytes;
  if (JSON_TYPE.test(body.contentType)) {
    if (body.bytes.toString('utf8').trim() === '') return parsed;
    const decoded = parseClientJson(body.bytes);
    if (!decoded.ok) parsed.jsonError = decoded.error;
    else if (decoded.value && typeof decoded.value === 'object' && !Array.isArray(decoded.value)) {
      parsed.json = decoded.value as Record<string, unknown>;
      parsed.invalid = unacceptableParams(parsed.json);
    }
  } else if (method !== 'GET' && (body.contentType === '' || FORM_TYPE.test(body.contentType))) {
    const form = parseForm(body.bytes);
    parsed.form = form.values;
    parsed.invalid = form.invalid;
  }
  return parsed;
}

/** A form body. Raw bytes that are not UTF-8 arrive as U+FFFD: the parameters holding one are refused too. */
function parseForm(bytes: Buffer): { values: Record<string, unknown>; invalid: string[] } {
  const form = parseQuery(bytes.toString('utf8'));
  if (isUtf8(bytes)) return form;
  const replaced = Object.keys(form.values).filter((key) => (key + JSON.stringify(form.values[key])).includes('\uFFFD'));
  return { values: form.values, invalid: [...new Set([...form.invalid, ...replaced])] };
}

export class RestDispatcher {
  constructor(readonly deps: ServerDeps) {}

  /** Methods of a route whose permission check passes for this request (the Allow header). */
  private async allowedMethods(route: CompiledRoute, request: HandlerRequest): Promise<string[]> {
    const allowed: string[] = [];
    for (const endpoint of route.endpoints) {
      let ok = true;
      if (endpoint.permission) {
        try {
          ok = (await endpoint.permission(request)) === true;
        } catch {
          ok = false;
        }
      }
      if (ok) for (const m of endpoint.methods) if (!allowed.includes(m)) allowed.push(m);
    }
    return allowed;
  }

  /**
   * The handler's view of a request. `values` are the sanitised declared arguments; dispatch()
   * builds the request before processing them (the Allow header of a refused request uses the raw
   * parameters) and sets them afterwards with setValues.
   */
  private handlerRequest(input: InternalRequest, method: HttpMethod, body: ParsedBody, urlParams: Record<string, string>, initial: Record<string, unknown>, upload: UploadSource | null = null): HandlerRequest & { setValues(values: Record<string, unknown>): void } {
    const sources: Record<string, unknown>[] = [];
    if (body.json) sources.push(body.json);
    if (body.form) sources.push(body.form);
    sources.push(input.query, urlParams);
    const rawGet = (name: string): unknown => {
      for (const s of sources) {
        if (Object.prototype.hasOwnProperty.call(s, name)) {
          const value = s[name];
          if (value !== null && value !== undefined) return value;
        }
      }
      return undefined;
    };
    let values = initial;
    let bodyParams: Record<string, unknown> | undefined;
    const loaders = (input.loaders ??= new LoaderCache(this.deps.db));
    return {
      method,
      path: input.route,
      params: { ...urlParams, ...values },
      get: (name) => (Object.prototype.hasOwnProperty.call(values, name) ? values[name] : rawGet(name)),
      has: (name) => Object.prototype.hasOwnProperty.call(values, name) || rawGet(name) !== undefined,
      get bodyParams() {
        return (bodyParams ??= { ...(body.form ?? {}), ...(body.json ?? {}) });
      },
      query: input.query,
      headers: input.headers,
      ip: input.ip ?? '',
      rawBody: body.raw,
      upload,
      viewer: input.viewer,
      domain: { db: loaders.db, viewer: input.viewer, config: this.deps.config, loaders, clientIp: input.ip },
      urls: this.deps.urls,
      setValues(next) {
        values = next;
        this.params = { ...urlParams, ...next };
      },
    };
  }

  async dispatch(input: InternalRequest): Promise<DispatchResult> {
    const method = input.method.toUpperCase();
    const match = this.deps.registry.match(input.route);
    const endpoint: EndpointDef | undefined = match ? RouteRegistry.endpointFor(match.route, method) : undefined;
    if (!endpoint?.upload && input.body.kind === 'upload') input.body.body.stream.resume();
    if (!match || !endpoint) return this.errorResult(noRoute());
    let staged: StagedUpload | null = null;
    if (endpoint.upload) {
      try {
        staged = await this.stage(input);
      } catch (error) {
        return this.errorResult(error);
      }
    }
    try {
      return await this.dispatchMatched(input, method, match, endpoint, staged);
    } finally {
      await staged?.cleanup();
    }
  }

  /** The upload of an upload endpoint: its file staged, multipart fields turned into body parameters. */
  private async stage(input: InternalRequest): Promise<StagedUpload> {
    const body = input.body;
    const raw = body.kind === 'upload' ? body.body : body.kind === 'raw' ? body.bytes : null;
    const staged = await stageUpload(raw, input.headers, this.deps.config.media.uploadMaxBytes);
    if (staged.fields) input.body = { kind: 'params', values: staged.fields };
    else if (body.kind === 'upload') input.body = { kind: 'none' };
    return staged;
  }

  private async dispatchMatched(input: InternalRequest, method: string, match: NonNullable<ReturnType<RouteRegistry['match']>>, endpoint: EndpointDef, staged: StagedUpload | null): Promise<DispatchResult> {
    const effective = (method === 'HEAD' ? 'GET' : method) as HttpMethod;
    const body = parseBody(effective, input.body);
    const request = this.handlerRequest(input, effective, body, match.urlParams, {}, staged?.source ?? null);
    const withAllow = async (result: DispatchResult): Promise<DispatchResult> => {
      const allowed = await this.allowedMethods(match.route, request);
      if (allowed.length) result.headers.Allow = allowed.join(', ');
      result.route = match.route;
      return result;
    };
    try {
      if (body.jsonError) {
        throw new DomainError('rest_invalid_json', 'Invalid JSON body passed.', 400, { json_error_code: body.jsonError.code, json_error_message: body.jsonError.message });
      }
      if (input.repeatedQuery?.length) throw refusedParams(input.repeatedQuery, 'rest_repeated_param', (name) => `${name} must be given only once.`);
      const invalid = [...new Set([...(input.invalidQuery ?? []), ...body.invalid])];
      if (invalid.length) throw refusedParams(invalid, 'rest_invalid_text', (name) => `${name} is not valid text (invalid UTF-8 or a NUL character).`);
      const { values } = processArgs(endpoint.args ?? NO_ARGS, { has: request.has, get: request.get });
      request.setValues(values);
      const output = await endpoint.handler(request);
      const result: DispatchResult = isRestResponse(output)
        ? { status: output.status, data: output.data, headers: { ...output.headers } }
        : { status: 200, data: output, headers: {} };
      const fields = parseFields(input.query._fields);
      if (fields && result.status < 400) result.data = filterFields(result.data, fields);
      return await withAllow(result);
    } catch (error) {
      return withAllow(this.errorResult(error));
    }
  }

  /** The Allow header value for a path, computed with this request's raw parameters (OPTIONS). */
  async allowHeader(input: InternalRequest): Promise<string | undefined> {
    const match = this.deps.registry.match(input.route);
    if (!match) return undefined;
    const request = this.handlerRequest(input, 'GET', parseBody('GET', input.body), match.urlParams, {});
    const allowed = await this.allowedMethods(match.route, request);
    return allowed.length ? allowed.join(', ') : undefined;
  }

  errorResult(error: unknown): DispatchResult {
    if (isDomainError(error)) return { status: error.status, data: errorBody(error), headers: {} };
    this.deps.log?.error({ err: error }, 'unhandled error in REST handler');
    const failure = internalError();
    return { status: failure.status, data: errorBody(failure), headers: {} };
  }
}

/**
 * Parameters refused before validation: a plain query key given twice is ambiguous (PHP silently
 * keeps the last), text that is not valid UTF-8 or holds a NUL cannot be stored or compared.
 */
function refusedParams(names: string[], code: string, message: (name: string) => string): DomainError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const name of names) {
    params[name] = message(name);
    details[name] = { code, message: params[name], data: null };
  }
  return new DomainError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, { params, details });
}
