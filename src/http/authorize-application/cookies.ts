/** The session cookie of the sign-in pages: HttpOnly, SameSite=Lax, Secure on an https site, scoped to /wp-admin/. */
export const SESSION_COOKIE = 'content_site_session';

/** The value of one cookie in a `Cookie` header (the last one wins, as PHP's $_COOKIE). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) found = part.slice(eq + 1).trim();
  }
  return found;
}

export interface CookieScope {
  /** Path the cookie is sent for (the site's path + /wp-admin/). */
  path: string;
  secure: boolean;
}

export function cookieScope(siteUrl: string): CookieScope {
  const url = new URL(siteUrl);
  return { path: `${url.pathname.replace(/\/+$/, '')}/wp-admin/`, secure: url.protocol === 'https:' };
}

const attributes = (scope: CookieScope): string => `Path=${scope.path}; HttpOnly; SameSite=Lax${scope.secure ? '; Secure' : ''}`;

export function sessionCookie(id: string, expiresAt: Date, scope: CookieScope): string {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${id}; Max-Age=${maxAge}; ${attributes(scope)}`;
}

export function clearedSessionCookie(scope: CookieScope): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${attributes(scope)}`;
}
