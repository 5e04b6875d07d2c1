/**
 * What every answer must look like, whatever was sent: no 5xx, an answer at all, a body that
 * parses, and errors in the shape of the face that answered — REST (and every other path but
 * GraphQL) `{code, message, data: {status}}` with the HTTP status, GraphQL `{errors: [{message}]}`,
 * the public site's page addresses its themed HTML 404.
 */
import type { FuzzAnswer, Outcome } from './client';

export type FindingKind = '5xx' | 'drop' | 'shape';

export interface Finding {
  kind: FindingKind;
  request: string;
  detail: string;
  /** The whole request (for FUZZ_REPORT), when known. */
  sent?: { method: string; path: string; headers?: Record<string, string>; body?: string };
}

/** Collects findings of a run; the suite fails with a summary when there are any. */
export class Findings {
  readonly list: Finding[] = [];

  /** The request being checked, attached to the findings it causes. */
  current: Finding['sent'];

  add(kind: FindingKind, request: string, detail: string): void {
    this.list.push({ kind, request, detail: detail.length > 300 ? detail.slice(0, 300) + '…' : detail, sent: this.current });
  }

  count(kind: FindingKind): number {
    return this.list.filter((f) => f.kind === kind).length;
  }

  summary(): string {
    const counts = (['5xx', 'drop', 'shape'] as const).map((k) => `${k}: ${this.count(k)}`).join(', ');
    const examples = this.list.slice(0, 25).map((f) => `  [${f.kind}] ${f.request}\n      ${f.detail}`);
    return `${this.list.length} findings (${counts})\n${examples.join('\n')}`;
  }
}

/** `site`: a page address, whose errors are the themed HTML 404 (or REST's JSON, for what the site does not own). */
export type Face = 'rest' | 'graphql' | 'site';

const JSONP = /^\/\*\*\/[\w.]+\(([\s\S]*)\)$/;

function parseJson(answer: FuzzAnswer): { ok: true; value: unknown } | { ok: false } {
  let text = answer.body.toString('utf8');
  const jsonp = JSONP.exec(text);
  if (jsonp) text = jsonp[1];
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a REST-shaped error body is not one, or null. */
export function restErrorProblem(body: unknown, status: number): string | null {
  if (!isRecord(body)) return 'the error body is not an object';
  if (typeof body.code !== 'string') return 'no string `code`';
  if (typeof body.message !== 'string') return 'no string `message`';
  if (!isRecord(body.data)) return 'no `data` object';
  if (body.data.status !== status) return `data.status is ${JSON.stringify(body.data.status)}, the HTTP status ${status}`;
  return null;
}

/** Why a GraphQL answer is not one, or null. An internal error masked into `errors` counts as a 5xx. */
export function graphqlProblem(body: unknown, status: number): { kind: FindingKind; detail: string } | null {
  if (!isRecord(body)) return { kind: 'shape', detail: 'the body is not an object' };
  const errors = body.errors;
  if (errors !== undefined) {
    if (!Array.isArray(errors) || errors.length === 0) return { kind: 'shape', detail: '`errors` is not a non-empty list' };
    for (const error of errors) {
      if (!isRecord(error) || typeof error.message !== 'string') return { kind: 'shape', detail: 'an error without a string `message`' };
      const extensions = isRecord(error.extensions) ? error.extensions : {};
      if (extensions.code === 'INTERNAL_SERVER_ERROR' || extensions.status === 500) return { kind: '5xx', detail: `internal error in errors[]: ${error.message}` };
    }
  } else if (status >= 400) {
    return { kind: 'shape', detail: 'an error status without `errors`' };
  } else if (!('data' in body)) {
    return { kind: 'shape', detail: 'neither `data` nor `errors`' };
  }
  return null;
}

/**
 * WordPress's own 501 for deleting without `force` what cannot be trashed (terms, revisions...):
 * an answer to the client's request, not a server fault, and what WordPress clients expect.
 */
function isWordPressNotImplemented(answer: FuzzAnswer): boolean {
  if (answer.status !== 501) return false;
  const parsed = parseJson(answer);
  return parsed.ok && isRecord(parsed.value) && parsed.value.code === 'rest_trash_not_supported';
}

function snippet(answer: FuzzAnswer): string {
  return `${answer.status} ${String(answer.headers['content-type'] ?? '')} ${answer.body.toString('utf8').slice(0, 160)}`;
}

/**
 * Checks one outcome; returns the answer when there was one. `face` says whose error shape applies
 * (GraphQL for /graphql, REST for every other path).
 */
export function check(findings: Findings, label: string, method: string, outcome: Outcome, face: Face): FuzzAnswer | null {
  if (!outcome.ok) {
    findings.add('drop', label, outcome.error);
    return null;
  }
  const answer = outcome.answer;
  if (answer.status >= 500 && !isWordPressNotImplemented(answer)) findings.add('5xx', label, snippet(answer));
  const noBody = method === 'HEAD' || answer.status === 204 || answer.status === 304;
  const isJson = /json|javascript/i.test(String(answer.headers['content-type'] ?? ''));
  if (noBody) return answer;
  if (answer.status < 400) {
    if (isJson && !parseJson(answer).ok) findings.add('shape', label, `malformed JSON: ${snippet(answer)}`);
    if (face === 'graphql' && isJson) {
      const parsed = parseJson(answer);
      const problem = parsed.ok ? graphqlProblem(parsed.value, answer.status) : null;
      if (problem) findings.add(problem.kind, label, `${problem.detail}: ${snippet(answer)}`);
    }
    return answer;
  }
  // A redirect rule's error action (any method, on any path a rule matched): the themed page with the rule's code.
  if (answer.headers['x-redirect-by'] === 'redirection' && /^text\/html/i.test(String(answer.headers['content-type'] ?? ''))) {
    if (!answer.body.toString('utf8').startsWith('<!DOCTYPE html>')) findings.add('shape', label, `a rule's error page is not the themed page: ${snippet(answer)}`);
    return answer;
  }
  if (face === 'site' && /^text\/html/i.test(String(answer.headers['content-type'] ?? ''))) {
    if (answer.status !== 404 || !answer.body.toString('utf8').startsWith('<!DOCTYPE html>')) findings.add('shape', label, `site error is not the themed 404: ${snippet(answer)}`);
    return answer;
  }
  const parsed = parseJson(answer);
  if (!parsed.ok || !isJson) {
    findings.add('shape', label, `error answer is not JSON: ${snippet(answer)}`);
    return answer;
  }
  if (face === 'graphql') {
    const problem = graphqlProblem(parsed.value, answer.status);
    if (problem) findings.add(problem.kind, label, `${problem.detail}: ${snippet(answer)}`);
  } else {
    const problem = restErrorProblem(parsed.value, answer.status);
    if (problem) findings.add('shape', label, `${problem}: ${snippet(answer)}`);
  }
  return answer;
}
