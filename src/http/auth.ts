/**
 * Who sent an HTTP request: application passwords over HTTP Basic, the one scheme both faces
 * accept. Checked once per request; batch, embed and GraphQL resolvers share the result.
 */
import type { Database } from '../db/client';
import { DomainError } from '../domain/errors';
import { authenticateApplicationPassword, parseBasicAuthorization } from '../domain/users/authenticate';
import { anonymous, viewerFor, type Viewer } from '../domain/viewer';

/** The viewer, or the DomainError that the presented credentials earn (401 with WordPress's codes). */
export async function resolveViewer(db: Database, authorization: string | undefined, ip: string | undefined): Promise<Viewer | DomainError> {
  const credentials = parseBasicAuthorization(authorization);
  if (credentials === null) return anonymous;
  if (credentials instanceof DomainError) return credentials;
  try {
    const { user, applicationPasswordUuid } = await authenticateApplicationPassword(db, credentials, ip);
    return viewerFor(user, applicationPasswordUuid);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/**
 * Whether a request may share answers with every other anonymous reader: it sends no credentials.
 * Any Authorization header (even one `resolveViewer` would ignore), or the `X-Authorization` the
 * security/v1 token routes also accept, keeps a request out of the shared cache, so a hit is served
 * before the viewer is resolved, on this check alone.
 */
export function isAnonymousRequest(headers: { authorization?: string; 'x-authorization'?: string | string[] }): boolean {
  return !headers.authorization && !headers['x-authorization'];
}
