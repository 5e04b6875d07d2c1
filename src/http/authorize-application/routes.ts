/**
 * The application authorisation page at the URL the REST index prints
 * (`<site>/wp-admin/authorize-application.php`): GET shows the sign-in form or the approve/reject
 * form; POST signs in, signs out, approves or rejects. Every rule is the domain's
 * (authorize-application.ts, sign-in.ts, sessions.ts); this file speaks HTTP and HTML.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ReadCache } from '../read-cache';
import { clientIp } from '../security';
import type { DomainContext } from '../../domain/context';
import { DomainError, isDomainError } from '../../domain/errors';
import { LoaderCache } from '../../domain/loaders';
import {
  addQueryArgs,
  approveApplication,
  assertCanAuthorizeApplications,
  authorizeRequestError,
  readAuthorizeRequest,
  rejectRedirect,
  type AuthorizeRequest,
} from '../../domain/users/authorize-application';
import { createSession, csrfToken, endSession, findSession, signInSession, verifyCsrfToken, type Session } from '../../domain/users/sessions';
import { signIn } from '../../domain/users/sign-in';
import { viewerFor } from '../../domain/viewer';
import { clearedSessionCookie, cookieScope, readCookie, SESSION_COOKIE, sessionCookie, type CookieScope } from './cookies';
import { consentPage, errorPage, EXPIRED_MESSAGE, passwordPage, signInPage } from './pages';

export const AUTHORIZE_APPLICATION_PATH = '/wp-admin/authorize-application.php';

/** WordPress's nonce actions, one per form. */
const CSRF = { signIn: 'log_in', signOut: 'log_out', authorize: 'authorize_application_password' } as const;

/** Parameters of a query string or form body; a repeated name keeps its last value, as PHP does. */
function paramsOf(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) params[name] = value;
  return params;
}

const queryOf = (request: FastifyRequest): string => {
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
};

function formOf(request: FastifyRequest): Record<string, string> {
  const type = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' || !Buffer.isBuffer(request.body)) return {};
  return paramsOf(request.body.toString('utf8'));
}

export function registerAuthorizeApplication(app: FastifyInstance, config: Config, db: Database, cache: ReadCache): void {
  const scope: CookieScope = cookieScope(config.siteUrl);
  const contextFor = (session: Session): DomainContext => {
    const loaders = new LoaderCache(db, { readOnly: false });
    return { db: loaders.db, viewer: viewerFor(session.user), config, loaders };
  };

  /** Pages hold tokens and passwords: never cached, never framed, no scripts. */
  const html = (reply: FastifyReply, status: number, body: string): FastifyReply =>
    reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Frame-Options', 'DENY')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
      .header('Referrer-Policy', 'no-referrer')
      .send(body);

  const redirect = (reply: FastifyReply, location: string): FastifyReply => reply.code(302).header('Cache-Control', 'no-store').header('Location', location).send();

  /** The session the cookie names, or a new anonymous one (sent back as a cookie). */
  const sessionOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Session> => {
    const found = await findSession(db, readCookie(request.headers.cookie, SESSION_COOKIE));
    if (found) return found;
    const created = await createSession(db, null);
    reply.header('Set-Cookie', sessionCookie(created.id, created.expiresAt, scope));
    return created;
  };

  /** This page with the application's parameters, where sign-in and sign-out return to. */
  const selfUrl = (request: FastifyRequest): string => {
    const query = queryOf(request);
    return AUTHORIZE_APPLICATION_PATH + (query ? `?${query}` : '');
  };

  const invalidPage = (reply: FastifyReply, error: DomainError): FastifyReply => html(reply, error.status, errorPage(error.message));

  /** The signed-in user's form, or WordPress's refusal when they may not create application passwords. */
  const consent = async (request: FastifyRequest, reply: FastifyReply, session: Session, authorize: AuthorizeRequest, error?: DomainError): Promise<FastifyReply> => {
    const user = session.user;
    if (!user) throw new Error('consent needs a signed-in session');
    try {
      await assertCanAuthorizeApplications(contextFor(session));
    } catch (refusal) {
      if (!isDomainError(refusal)) throw refusal;
      const back = authorize.rejectUrl ? addQueryArgs(authorize.rejectUrl, { error: 'disabled' }) : undefined;
      return html(reply, refusal.status, errorPage(refusal.message, back));
    }
    return html(
      reply,
      error?.status ?? 200,
      consentPage({
        action: AUTHORIZE_APPLICATION_PATH,
        csrf: csrfToken(session, CSRF.authorize),
        signOutAction: selfUrl(request),
        signOutCsrf: csrfToken(session, CSRF.signOut),
        request: authorize,
        siteUrl: config.siteUrl,
        userLogin: user.login,
        error: error?.message,
      }),
    );
  };

  const signInForm = (request: FastifyRequest, reply: FastifyReply, session: Session, authorize: AuthorizeRequest, status = 200, error?: DomainError, login?: string): FastifyReply =>
    html(reply, status, signInPage({ action: selfUrl(request), csrf: csrfToken(session, CSRF.signIn), appName: authorize.appName, login, error: error?.message }));

  app.get(AUTHORIZE_APPLICATION_PATH, async (request, reply) => {
    const authorize = readAuthorizeRequest(paramsOf(queryOf(request)));
    const invalid = authorizeRequestError(authorize);
    if (invalid) return invalidPage(reply, invalid);
    const session = await sessionOf(request, reply);
    if (!session.user) return signInForm(request, reply, session, authorize);
    return consent(request, reply, session, authorize);
  });

  app.post(AUTHORIZE_APPLICATION_PATH, async (request, reply) => {
    const form = formOf(request);
    const session = await findSession(db, readCookie(request.headers.cookie, SESSION_COOKIE));
    const action = form.action;
    const nonceAction = action === 'sign_in' ? CSRF.signIn : action === 'sign_out' ? CSRF.signOut : action === 'authorize_application_password' ? CSRF.authorize : null;
    if (!nonceAction || !session || !verifyCsrfToken(session, nonceAction, form._wpnonce)) {
      return html(reply, 403, errorPage(EXPIRED_MESSAGE, selfUrl(request)));
    }

    if (action === 'sign_out') {
      await endSession(db, session.id);
      reply.header('Set-Cookie', clearedSessionCookie(scope));
      return redirect(reply, selfUrl(request));
    }

    if (action === 'sign_in') {
      // The application's parameters travel in this page's query string.
      const authorize = readAuthorizeRequest(paramsOf(queryOf(request)));
      const invalid = authorizeRequestError(authorize);
      if (invalid) return invalidPage(reply, invalid);
      try {
        const user = await signIn(db, { login: form.log ?? '', password: form.pwd ?? '', ip: clientIp(request) });
        const signedIn = await signInSession(db, session, user);
        reply.header('Set-Cookie', sessionCookie(signedIn.id, signedIn.expiresAt, scope));
        return redirect(reply, selfUrl(request));
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return signInForm(request, reply, session, authorize, error.status, error, form.log);
      }
    }

    // authorize_application_password: the no-script form of authorize-application.php.
    const authorize = readAuthorizeRequest(form);
    const invalid = authorizeRequestError(authorize);
    if (invalid) return invalidPage(reply, invalid);
    if (!session.user) return signInForm(request, reply, session, authorize, 401, new DomainError('rest_not_logged_in', 'You are not currently logged in.', 401));
    if (form.reject !== undefined) return redirect(reply, rejectRedirect(authorize) ?? `${config.siteUrl}/`);
    try {
      // The new password changes the user's records: every instance drops what showed them.
      const approval = await approveApplication(contextFor(session), authorize).finally(() => cache.written());
      if (approval.redirect) return redirect(reply, approval.redirect);
      return html(reply, 201, passwordPage({ appName: authorize.appName, password: approval.password }));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return consent(request, reply, session, authorize, error);
    }
  });
}
