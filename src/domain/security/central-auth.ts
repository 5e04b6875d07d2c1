/**
 * Who may call the security/v1 token routes: the paired central dashboard, with the JWT it got from
 * `POST /authenticate` (or a premium token from `authenticate-premium`), sent as
 * `Authorization: Bearer <jwt>` or `X-Authorization: Bearer <jwt>`. (Stub: the pairing work fills it in.)
 */
import type { DomainContext } from '../context';
import { DomainError } from '../errors';

export interface CentralCaller {
  /** `site`: a token for this site (sub = site id); `premium`: a premium-connect token. */
  kind: 'site' | 'premium';
  /** The administrator e-mail of a premium token. */
  email?: string;
}

export interface TokenHeaders {
  authorization?: string;
  'x-authorization'?: string;
}

/** The caller behind the request's bearer token, or a `rest_forbidden_context` DomainError. */
export async function verifyCentralToken(_ctx: DomainContext, _headers: TokenHeaders, _expected: CentralCaller['kind'] = 'site'): Promise<CentralCaller> {
  throw new DomainError('rest_forbidden_context', 'Authorization header format is invalid.', 401);
}
