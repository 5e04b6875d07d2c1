/**
 * Response-cache keys of anonymous GraphQL reads: a GET by its URL parameters, a POST by its JSON
 * body, both canonical (key order of variables and extensions does not matter) and followed by
 * the Accept header, which picks the answer's media type (the answers say `Vary: Accept`).
 *
 * A key only says which request it is; whether its answer may be stored is decided after it ran
 * (a query that succeeded: see `answerEffects` in server.ts), so a mutation or a failed request
 * never has an entry to be served from.
 */
import type { FastifyRequest } from 'fastify';
import { canonical } from '../http/canonical';

function parsedOrRaw(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return canonical(JSON.parse(raw));
  } catch {
    return raw;
  }
}

/** The key of a GET: the document (or its persisted hash), variables, operation and extensions. */
export function getCacheKey(search: string): string {
  const params = new URLSearchParams(search);
  return JSON.stringify(['graphql', params.get('query'), parsedOrRaw(params.get('variables')), params.get('operationName'), parsedOrRaw(params.get('extensions'))]);
}

/** Mutations are never stored; a document that names one is not even looked up. */
const WRITING_OPERATION = /\b(mutation|subscription)\b/;

/**
 * The key of a POSTed JSON body holding one operation, or null when the body may not be shared: a
 * batch (its operations could be anything; sent as GETs or one by one they are cached), not an
 * object, or a document that may be a mutation.
 */
export function postCacheKey(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { query, variables, operationName, extensions } = body as Record<string, unknown>;
  if (query !== undefined && (typeof query !== 'string' || WRITING_OPERATION.test(query))) return null;
  if (query === undefined && extensions === undefined) return null;
  return JSON.stringify(['graphql-post', query ?? null, canonical(variables ?? null), operationName ?? null, canonical(extensions ?? null)]);
}

export const withAccept = (key: string, request: FastifyRequest): string => `${key}\u0000${request.headers.accept ?? ''}`;

/** A JSON body, the only kind of POST whose answer is shared. */
export function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type !== undefined && type.split(';', 1)[0].trim().toLowerCase() === 'application/json';
}
