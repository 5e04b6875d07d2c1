/**
 * The answers the framework gives by itself — a request line or headers Node cannot parse, headers
 * or a URL too long, a timeout, a URL that is not valid percent-encoding, an unknown path or method,
 * a body too large, a content type it cannot read — in the shape of the face the path belongs to:
 * WordPress's `{code, message, data: {status}}` everywhere but /graphql, GraphQL's
 * `{errors: [{message, extensions}]}` there. The status is kept; anything unexpected is a logged 500.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Face = 'rest' | 'graphql';

/** The GraphQL endpoint speaks GraphQL; every other path (the playground's included) WordPress's REST shape. */
export function faceOf(url: string): Face {
  const path = url.split('?', 1)[0];
  return path === '/graphql' || path === '/graphql/' ? 'graphql' : 'rest';
}

/** REST error codes for the statuses the framework answers with (WordPress has none of its own for them). */
const REST_CODES: Record<number, string> = {
  400: 'rest_bad_request',
  404: 'rest_no_route',
  408: 'rest_request_timeout',
  413: 'rest_request_too_large',
  414: 'rest_uri_too_long',
  415: 'rest_unsupported_media_type',
  431: 'rest_headers_too_large',
  500: 'internal_server_error',
};

const MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  404: 'No route was found matching the URL and request method.',
  408: 'The request took too long to arrive.',
  413: 'The request body is too large.',
  414: 'The request URL is too long.',
  431: 'The request headers are too large.',
  500: 'There has been a critical error on this website.',
};

export function errorPayload(face: Face, status: number, message = MESSAGES[status] ?? STATUS_CODES[status] ?? 'Error'): string {
  if (face === 'graphql') return JSON.stringify({ errors: [{ message, extensions: { code: graphqlCode(status), status } }] });
  return JSON.stringify({ code: REST_CODES[status] ?? `http_${status}`, message, data: { status } });
}

function graphqlCode(status: number): string {
  if (status === 500) return 'INTERNAL_SERVER_ERROR';
  if (status === 404) return 'NOT_FOUND';
  return 'BAD_REQUEST';
}

/** WPGraphQL's answer to a POST whose body is not declared as JSON. */
export function graphqlContentTypeMessage(received: string | undefined): string {
  return `HTTP POST requests must have Content-Type: application/json header. Received: ${received ?? ''}`;
}

// ------------------------------------------------------------------------------------------------
// Errors before a request exists (Node's parser): answered on the socket, then closed cleanly
// ------------------------------------------------------------------------------------------------

/** A longer URL is answered 414 (nginx's default limit is of this order). */
export const MAX_URL_LENGTH = 8 * 1024;
/**
 * Node's limit on the request line and headers together, above MAX_URL_LENGTH so that long URLs
 * are answered as ordinary requests (method and path known, connection kept); beyond it Node's
 * parser gives up and answerClientError() answers.
 */
export const MAX_HEADER_SIZE = 32 * 1024;
/** A request line longer than this (or not even complete when the headers overflowed) is a 414. */
const LONG_REQUEST_LINE = MAX_URL_LENGTH;
/** How long a closing socket may keep sending what it had started before we stop reading it. */
const LINGER_MS = 2000;

interface ClientError extends Error {
  code?: string;
  /** What Node's parser had read of the request (a Buffer; typed loosely by Fastify). */
  rawPacket?: unknown;
}

function requestLineOf(packet: unknown): { method: string; target: string; complete: boolean } {
  if (!Buffer.isBuffer(packet)) return { method: '', target: '', complete: false };
  const end = packet.indexOf('\r\n');
  const line = packet.subarray(0, end === -1 ? Math.min(packet.length, LONG_REQUEST_LINE + 1) : end).toString('latin1');
  const [method = '', target = ''] = line.split(' ');
  return { method, target, complete: end !== -1 && end <= LONG_REQUEST_LINE };
}

function clientErrorStatus(error: ClientError, complete: boolean): number {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code === 'HPE_HEADER_OVERFLOW') return complete ? 431 : 414;
  return 400;
}

const answered = new WeakSet<Socket>();

/**
 * Node's parser errors (Fastify's `clientErrorHandler`): Node's default (and Fastify's) writes an answer without
 * `Connection: close` and destroys the socket, so a keep-alive client sends its next request into a
 * dead connection, and whatever the client had still in flight turns the close into a reset. Here
 * the answer says `Connection: close`, our side is half-closed after it, and what the client still
 * sends is read and dropped until it closes too (or LINGER_MS pass).
 */
export function answerClientError(error: ClientError, socket: Socket, log: FastifyBaseLogger): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  // A pipelined request failed while an answer to the one before it is still being written: that
  // answer goes out whole, then the connection ends (writing ours now would corrupt it).
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && !inFlight.writableFinished) {
    inFlight.once('finish', () => socket.end());
    return;
  }
  const { method, target, complete } = requestLineOf(error.rawPacket);
  const status = clientErrorStatus(error, complete);
  log.debug({ err: error, status }, 'client error');
  const body = method === 'HEAD' ? '' : errorPayload(faceOf(target), status);
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.on('error', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

// ------------------------------------------------------------------------------------------------
// Errors of a parsed request
// ------------------------------------------------------------------------------------------------

/** Sends a framework error in the face's shape, keeping its status (a 4xx stays a 4xx). */
export function sendFrameworkError(request: FastifyRequest, reply: FastifyReply, status: number, message?: string): FastifyReply {
  const face = faceOf(request.raw.url ?? '/');
  if (face === 'graphql' && status === 415) message ??= graphqlContentTypeMessage(request.headers['content-type']);
  const body = errorPayload(face, status, message);
  reply.code(status).header('Content-Type', 'application/json; charset=UTF-8').header('Cache-Control', 'no-store');
  // HEAD: the headers GET would get, without the body.
  return request.method === 'HEAD' ? reply.header('Content-Length', String(Buffer.byteLength(body))).send() : reply.send(body);
}

/**
 * Media types Fastify refuses outright (415 before any handler runs) although WordPress reads them:
 * a list such as `application/json, text/html` is read as its first member, as WordPress's
 * wp_is_json_media_type() would; anything else unreadable becomes a body neither face parses.
 */
const MEDIA_TYPE = /^[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(;.*)?$/;

export function normaliseContentType(value: string | undefined): string | undefined {
  if (value === undefined || MEDIA_TYPE.test(value.trim())) return value;
  const first = value.split(',', 1)[0].trim();
  if (MEDIA_TYPE.test(first)) return first;
  return value.trim() === '' ? undefined : 'application/octet-stream';
}

/**
 * Installs the shared handlers. `rest` answers a request the REST face owns (a REST URL with an
 * undecodable path or a method no Fastify route serves: the dispatcher decides, as for any other),
 * or returns undefined for other paths.
 */
export function installFrameworkErrors(app: FastifyInstance, rest: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> | undefined): void {
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.raw.url ?? '').length > MAX_URL_LENGTH) {
      void sendFrameworkError(request, reply, 414);
      return;
    }
    const type = request.headers['content-type'];
    const normalised = normaliseContentType(type);
    if (normalised !== type) {
      if (normalised === undefined) delete request.headers['content-type'];
      else request.headers['content-type'] = normalised;
    }
    done();
  });
  app.setNotFoundHandler((request, reply) => rest(request, reply) ?? sendFrameworkError(request, reply, 404));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    return sendFrameworkError(request, reply, status);
  });
}

/** Fastify's `frameworkErrors` (a path that is not valid percent-encoding, a path parameter too long). */
export function frameworkErrors(rest: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> | undefined) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // Elsewhere an undecodable path names no page: 404, as the REST face answers such a path.
    if (rest(request, reply) === undefined) void sendFrameworkError(request, reply, 404);
  };
}
