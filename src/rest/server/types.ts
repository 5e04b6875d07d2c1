/**
 * The route table's vocabulary. Each REST route is declared once as data; the index, namespace
 * roots, OPTIONS, validation, batch allow-list and links all derive from these declarations.
 */
import type { DomainContext } from '../../domain/context';
import type { UploadSource } from '../../domain/media/upload-source';
import type { Viewer } from '../../domain/viewer';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import type { RestUrls } from './urls';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** WordPress's EDITABLE constant: one endpoint answering POST, PUT and PATCH. */
export const EDITABLE: HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** The contract's types, re-exported for the route files. */
export type { ArgsView, ItemSchema };

export interface HandlerRequest extends ArgsView {
  method: HttpMethod;
  /** The matched route path, e.g. /core/v2/posts/5. */
  path: string;
  /** Sanitised declared arguments plus path variables. */
  params: Record<string, unknown>;
  /** Any parameter by WordPress's precedence (JSON body, form body, query, path), declared or not. */
  get(name: string): unknown;
  has(name: string): boolean;
  /** Parameters that came from the body (JSON or form), as WordPress's get_body_params/get_json_params. */
  bodyParams: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** The client's address as the security settings see it; '' when unknown (an internal request). */
  ip: string;
  rawBody: Buffer | null;
  /** The uploaded file of an endpoint declared with `upload` (streamed to a temporary file). */
  upload: UploadSource | null;
  viewer: Viewer;
  domain: DomainContext;
  urls: RestUrls;
}


export interface RestResponse {
  status: number;
  data: unknown;
  headers: Record<string, string | number>;
}

export type Handler = (request: HandlerRequest) => Promise<RestResponse | unknown>;

export interface EndpointDef {
  methods: HttpMethod[];
  args?: Record<string, ArgSchema>;
  allowBatch?: boolean;
  showInIndex?: boolean;
  /** The endpoint takes a file (the media upload): the body is staged by src/rest/server/uploads.ts. */
  upload?: boolean;
  /**
   * Answers whether this viewer may call the endpoint, for the `Allow` header and link target
   * hints only: the domain enforces permissions itself. Omitted means open to everybody.
   */
  permission?: (request: HandlerRequest) => boolean | Promise<boolean>;
  handler: Handler;
}

/** Another serialisation of an answer than JSON: its content type and text. */
export interface SerializedBody {
  contentType: string;
  body: string;
}

export interface RouteDef {
  namespace: string;
  /** WordPress-style pattern relative to the REST root, e.g. /core/v2/posts/(?P<id>[\d]+). */
  path: string;
  endpoints: EndpointDef[];
  schema?: () => ItemSchema;
  showInIndex?: boolean;
  /**
   * WordPress's `rest_pre_serve_request` for this route: the answer (after `_envelope`) written in
   * another format than JSON, or null to send JSON (the oEmbed route's `format=xml`).
   */
  serialize?: (data: unknown, request: { method: string; query: Record<string, unknown> }) => SerializedBody | null;
}

export function isRestResponse(value: unknown): value is RestResponse {
  return typeof value === 'object' && value !== null && (value as { __rest?: boolean }).__rest === true;
}

/** Builds a response; handlers may also return plain data (status 200). */
export function respond(data: unknown, status = 200, headers: Record<string, string | number> = {}): RestResponse {
  return Object.assign({ status, data, headers }, { __rest: true });
}
