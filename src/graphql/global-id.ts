/**
 * Global ids as WPGraphQL builds them: base64 of "<loader>:<database id>". The prefix names the
 * loader, not the GraphQL type: every post type is `post:`, terms and menus `term:`, users `user:`;
 * the redirects area's objects `redirect:`, `redirect_group:`, `redirect_log:` and `not_found_log:`;
 * the security scanner's findings `security_finding:`.
 */
import { GraphQLError } from 'graphql';
import { isStorableId } from '../domain/terms/loaders';

export type IdKind = 'post' | 'term' | 'user' | 'redirect' | 'redirect_group' | 'redirect_log' | 'not_found_log' | 'security_log' | 'security_finding';

export function toGlobalId(kind: IdKind, id: number): string {
  return Buffer.from(`${kind}:${id}`, 'utf8').toString('base64');
}

export function fromGlobalId(globalId: string): { kind: string; id: number } | null {
  const text = Buffer.from(globalId, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const id = Number(text.slice(colon + 1));
  if (!isStorableId(id)) return null;
  return { kind: text.slice(0, colon), id };
}

function invalidId(): GraphQLError {
  return new GraphQLError('The ID input is invalid. Make sure you set the proper idType for your input.', { extensions: { code: 'BAD_USER_INPUT', status: 400 } });
}

/** An id argument that may be a global id of this kind or a plain database id (mutation inputs). */
export function databaseIdOf(value: string | number, kind: IdKind): number {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) {
    // An id no row can have (beyond the id columns' range) is refused before it reaches a query.
    if (!isStorableId(Number(text))) throw invalidId();
    return Number(text);
  }
  const decoded = fromGlobalId(text);
  if (!decoded || decoded.kind !== kind) throw invalidId();
  return decoded.id;
}

/** An id argument that must be a global id of this kind (idType: ID). */
export function globalIdOf(value: string, kind: IdKind): number {
  const decoded = fromGlobalId(value);
  if (!decoded || decoded.kind !== kind) throw invalidId();
  return decoded.id;
}

/** idType: DATABASE_ID. */
export function plainIdOf(value: string): number {
  const text = value.trim();
  if (!/^\d+$/.test(text) || !isStorableId(Number(text))) throw invalidId();
  return Number(text);
}
