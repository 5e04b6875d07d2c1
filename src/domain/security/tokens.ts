/**
 * The bearer tokens the dashboard holds (the plugin's wfJWT): HS256 JWTs signed with the site
 * secret, valid for 10 minutes (nbf = iat = now, exp = now + 600). A site token's `sub` is the site
 * id the dashboard paired with; a premium token's is PREMIUM_SUBJECT, with the administrator's
 * `email`. Reading one answers the plugin's message for each way it can fail.
 */
import jwt, { JsonWebTokenError, NotBeforeError, TokenExpiredError, type JwtPayload } from 'jsonwebtoken';

export const TOKEN_TTL_SECONDS = 600;
export const PREMIUM_SUBJECT = 'central-premium';
const ISSUER = 'security/v1';
const AUDIENCE = 'central-dashboard';
/** wfJWT's shape check: three base64url parts. */
const TOKEN_FORMAT = /^[a-zA-Z0-9\-_]+?\.[a-zA-Z0-9\-_]+?\.[a-zA-Z0-9\-_]+?$/;

export function signToken(secret: Buffer, subject: string, claims: Record<string, string> = {}, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  return jwt.sign({ ...claims, nbf: seconds, iat: seconds, exp: seconds + TOKEN_TTL_SECONDS }, secret, {
    algorithm: 'HS256',
    subject,
    issuer: ISSUER,
    audience: AUDIENCE,
  });
}

export type TokenReading = { ok: true; subject: string; email: string | null } | { ok: false; message: string; reason: string };

/** The token's subject, or why it is refused. `secret` null: no token can be ours. */
export function readToken(token: string, secret: Buffer | null, now = Date.now()): TokenReading {
  if (!TOKEN_FORMAT.test(token)) return { ok: false, message: 'Invalid token format.', reason: 'format' };
  if (!secret) return { ok: false, message: 'Invalid signature.', reason: 'signature' };
  let payload: string | JwtPayload;
  try {
    payload = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, clockTimestamp: Math.floor(now / 1000) });
  } catch (error) {
    if (error instanceof TokenExpiredError || error instanceof NotBeforeError) return { ok: false, message: 'Token is invalid or expired.', reason: 'expired' };
    // Issuer or audience: signed with our secret, so a token of ours that is not for this use.
    if (error instanceof JsonWebTokenError && /audience|issuer/.test(error.message)) return { ok: false, message: 'Token is invalid or expired.', reason: 'claims' };
    // Anything else (a bad signature, an undecodable part, another algorithm) is a token this site
    // did not sign: the plugin checks the signature first and says so.
    return { ok: false, message: 'Invalid signature.', reason: 'signature' };
  }
  if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.nbf !== 'number' || typeof payload.exp !== 'number') {
    return { ok: false, message: 'Token is invalid or expired.', reason: 'claims' };
  }
  return { ok: true, subject: payload.sub, email: typeof payload.email === 'string' ? payload.email : null };
}
