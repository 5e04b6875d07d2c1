/**
 * The GraphQL face's part of client-input.ts: request bodies are decoded as PHP's json_decode would
 * judge them (invalid UTF-8 and escaped lone surrogates refused), prototype keys dropped from
 * variables, and no string — in variables or in the document's literals — may hold a NUL, which
 * PostgreSQL cannot store or compare. Lone surrogates cannot appear in a document: graphql-js
 * refuses them as a syntax error.
 */
import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';
import { dropPrototypeKeys, holdsUnacceptableText, parseClientJson } from '../domain/client-input';

export const NUL_MESSAGE = 'String values must not contain the NUL character (U+0000).';

/** Validation rule: string literals without NUL. */
export function noNulStringsRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes('\u0000')) context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: [node] }));
    },
  };
}

export type DecodedBody = { ok: true; body: unknown } | { ok: false; message: string };

/** A JSON request body (one operation or a batch), decoded and checked. */
export function decodeJsonBody(raw: Buffer): DecodedBody {
  const decoded = parseClientJson(raw);
  if (!decoded.ok) return { ok: false, message: `The request body is not valid JSON: ${decoded.error.message}.` };
  if (holdsUnacceptableText(decoded.value)) return { ok: false, message: NUL_MESSAGE };
  return { ok: true, body: decoded.value };
}

/**
 * The query string of a GET with its `variables` and `extensions` checked the same way (prototype
 * keys dropped, NUL refused); text that is not JSON is left for Apollo to refuse.
 */
export function checkedSearch(search: string): { ok: true; search: string } | { ok: false; message: string } {
  if (!/[?&](variables|extensions)=/.test(search)) return { ok: true, search };
  const params = new URLSearchParams(search);
  for (const name of ['variables', 'extensions']) {
    const text = params.get(name);
    if (text === null) continue;
    if (text.includes('\u0000') || holdsUnacceptableText(text)) return { ok: false, message: NUL_MESSAGE };
    const decoded = parseClientJson(Buffer.from(text, 'utf8'));
    if (!decoded.ok) continue;
    if (holdsUnacceptableText(decoded.value)) return { ok: false, message: NUL_MESSAGE };
    dropPrototypeKeys(decoded.value);
    params.set(name, JSON.stringify(decoded.value));
  }
  return { ok: true, search: `?${params.toString()}` };
}

/** A batch runs only when every member is an operation: nothing runs when one of them cannot. */
export function invalidBatchMember(body: unknown[]): string | null {
  for (const [index, member] of body.entries()) {
    if (!member || typeof member !== 'object' || Array.isArray(member)) return `Batch member ${index} is not an object.`;
    const { query, extensions } = member as { query?: unknown; extensions?: unknown };
    const persisted = extensions && typeof extensions === 'object' && 'persistedQuery' in extensions;
    if (typeof query !== 'string' && !(query === undefined && persisted)) return `Batch member ${index} has no query string.`;
  }
  return null;
}
