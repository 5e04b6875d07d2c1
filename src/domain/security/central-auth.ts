/**
 * Who may call the security/v1 token routes: the paired central dashboard, with the JWT it got from
 * `POST /authenticate` (or a premium token from `authenticate-premium`), sent as
 * `Authorization: Bearer <jwt>` or, when there is no Authorization header, `X-Authorization:
 * Bearer <jwt>` (wfRESTBaseController::isTokenValid). Every refusal is `rest_forbidden_context`
 * with the plugin's message and WordPress's rest_authorization_required_code() (401, or 403 for a
 * request signed in with Basic credentials), and is written to the security log.
 */
import type { DomainContext } from '../context';
import { authStatus, DomainError } from '../errors';
import { recordSecurityEvent } from './log';
import { readPairing } from './pairing-store';
import { siteSecret } from './site-secret';
import { PREMIUM_SUBJECT, readToken } from './tokens';

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
export async function verifyCentralToken(ctx: DomainContext, headers: TokenHeaders, expected: CentralCaller['kind'] = 'site'): Promise<CentralCaller> {
  const header = headers.authorization || headers['x-authorization'] || '';
  if (!/^bearer /i.test(header)) throw await refuse(ctx, 'Authorization header format is invalid.', header ? 'scheme' : 'missing', expected);
  const key = ctx.config.central.secretKey;
  const secret = key ? await siteSecret(ctx.db, key) : null;
  const reading = readToken(header.slice(7).trim(), secret);
  if (!reading.ok) throw await refuse(ctx, reading.message, reading.reason, expected);
  if (expected === 'premium') {
    if (reading.subject !== PREMIUM_SUBJECT || !reading.email) throw await refuse(ctx, 'Token is invalid.', 'not-premium', expected);
    return { kind: 'premium', email: reading.email };
  }
  const pairing = await readPairing(ctx.db);
  if (!pairing || reading.subject !== pairing.siteId) throw await refuse(ctx, 'Token is invalid.', pairing ? 'other-site' : 'not-paired', expected);
  return { kind: 'site' };
}

/** The refusal, recorded. */
export async function refuse(ctx: DomainContext, message: string, reason: string, kind: string): Promise<DomainError> {
  await recordSecurityEvent(ctx.db, { type: 'token-refused', message: `Central dashboard credentials refused: ${message}`, user: ctx.viewer.user?.login ?? null, details: { reason, kind } });
  return new DomainError('rest_forbidden_context', message, authStatus(ctx.viewer));
}
