/**
 * Yoast answers some refusals in its own shapes (`{error}`, `{success: false, status, error}`,
 * `{json: {...}}`) rather than WordPress's. We keep its keys, for the clients that read them, and add
 * WordPress's `code`, `message` and `data.status` to every error answer, so that every error of the
 * API can be read the same way.
 */
import { respond, type RestResponse } from '../../server/types';

const CODES: Record<number, string> = { 400: 'rest_invalid_param', 401: 'rest_forbidden', 403: 'rest_forbidden', 404: 'rest_not_found' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function messageOf(body: Record<string, unknown>): string {
  const inner = isRecord(body.json) ? body.json : body;
  for (const key of ['error', 'message', 'response']) if (typeof inner[key] === 'string' && inner[key]) return inner[key] as string;
  if (Array.isArray(inner.failures) && inner.failures.length) return `Invalid: ${inner.failures.join(', ')}.`;
  return 'The request could not be completed.';
}

/** Yoast's answer with its status; an error status also carries WordPress's error keys. */
export function yoastAnswer(body: unknown, status: number): RestResponse {
  if (status < 400 || !isRecord(body) || typeof body.code === 'string') return respond(body, status);
  return respond({ ...body, code: CODES[status] ?? 'seo_request_failed', message: messageOf(body), data: { status } }, status);
}
