/**
 * Mounts the public site (src/site): GET and HEAD of every address the APIs do not own — the home
 * page, permalinks in both forms, archives, `<permalink>embed/` — and WordPress's password form
 * target, `POST /wp-login.php?action=postpass`. Pages go through the same read cache as the APIs'
 * answers (face `site`), tagged with what they read, so a write drops exactly the pages it changed.
 * Visitors are anonymous unless they send an application password (as the feeds allow); a request
 * carrying the post password cookie or credentials is computed afresh and never shared.
 * Redirect rules (src/http/redirects.ts) answer first, whatever the method; a page that ends in 404
 * gives the 404 page type rules their turn, then goes to the 404 log.
 */
import { clientIp } from './security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DomainContext } from '../domain/context';
import { LoaderCache } from '../domain/loaders';
import { anonymous } from '../domain/viewer';
import { DomainError } from '../domain/errors';
import { renderSite, type SiteDeps } from '../site/pages';
import { cookieValue, ensureSecret, POSTPASS_MAX_AGE, postpassCookieName, postpassValue, readSecret } from '../site/postpass';
import { isAnonymousRequest, resolveViewer } from './auth';
import { matchesIfNoneMatch } from './etag';
import type { RenderError, SiteRedirects } from './redirects';
import { sendFrameworkError } from './framework-errors';
import { X_CACHE, type Finish, type ReadCache, type ServedAnswer } from './read-cache';

/** Answers a GET or HEAD of a site page; undefined for requests the site does not own. */
export type SiteEntry = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined;

/** Paths of the APIs and the operational routes: never a page, whatever follows. */
function reservedPrefixes(restPrefix: string): string[] {
  return [`/${restPrefix}`, '/graphql', '/metrics', '/health', '/ping'];
}

function sendServed(request: FastifyRequest, reply: FastifyReply, served: ServedAnswer): FastifyReply {
  if (served.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], served.etag)) return reply.code(304).headers(served.headers).send();
  reply.code(served.status).headers(served.headers);
  if (request.method !== 'HEAD') return reply.send(served.body);
  const length = typeof served.body === 'string' ? Buffer.byteLength(served.body) : served.body.length;
  return reply.header('content-length', String(length)).send();
}

/** redirect_to of the password form: an address of this site, else the home page (wp_safe_redirect). */
function safeRedirect(siteUrl: string, target: string | null): string {
  if (!target) return `${siteUrl}/`;
  if (target.startsWith(`${siteUrl}/`)) return target;
  if (/^\/(?![/\\])/.test(target)) return `${siteUrl}${target}`;
  return `${siteUrl}/`;
}

export function registerSite(app: FastifyInstance, config: Config, db: Database, cache: ReadCache, deps: SiteDeps, redirects: SiteRedirects): SiteEntry {
  const reserved = reservedPrefixes(config.restPrefix);
  const cookieName = postpassCookieName(config.siteUrl);
  const secure = config.siteUrl.startsWith('https:');
  const finish = (shared: boolean): Finish => (headers, etag, outcome) => ({
    ...headers,
    ETag: etag,
    'X-Cache': X_CACHE[outcome],
    'Cache-Control': cache.cacheControl(shared),
    // A page differs with credentials and with the post password cookie: a shared cache keeps them apart.
    Vary: 'Authorization, Cookie',
  });
  const shared = finish(true);
  const personal = finish(false);

  /** The page at `path` and `search` (a pass rule's target rather than the request's own address when `rewritten`). */
  const render = async (request: FastifyRequest, path: string, search: string, rewritten: boolean, errorStatus?: number): Promise<ServedAnswer> => {
    const resolved = await resolveViewer(db, request.headers.authorization, clientIp(request));
    // Front-end pages ignore credentials they cannot use, as WordPress's do.
    const viewer = resolved instanceof DomainError ? anonymous : resolved;
    const postpass = cookieValue(request.headers.cookie, cookieName);
    const sharable = viewer.isAnonymous && isAnonymousRequest(request.headers) && postpass === undefined && errorStatus === undefined;
    const address = rewritten ? (search ? `${path}?${search}` : path) : (request.raw.url ?? '/');
    const key = sharable && cache.enabled ? JSON.stringify(['site', address]) : null;
    return cache.read(
      'site',
      key,
      async () => {
        const loaders = new LoaderCache(db, { readOnly: true });
        const ctx: DomainContext = { db: loaders.db, viewer, config, loaders };
        const secret = postpass === undefined ? null : await readSecret(db, loaders.db.read);
        const page = await renderSite(ctx, deps, { path, search, postpass, secret, errorStatus });
        const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8', Link: page.links.join(', '), 'X-Content-Type-Options': 'nosniff' };
        if (page.embed) headers['X-Robots-Tag'] = 'noindex';
        return { status: page.status, headers, body: page.body, tags: loaders.tags.list() };
      },
      errorStatus !== undefined ? 'redirect-error' : postpass !== undefined ? 'postpass' : 'authenticated',
      sharable ? shared : personal,
    );
  };

  /** A redirect rule's error action: the themed error page with the rule's code and the action's headers. */
  const renderError: RenderError = async (request, reply, status, headers) => {
    const served = await render(request, '/', '', false, status);
    reply.code(status).headers({ ...served.headers, ...headers });
    if (request.method !== 'HEAD') return reply.send(served.body);
    const length = typeof served.body === 'string' ? Buffer.byteLength(served.body) : served.body.length;
    return reply.header('content-length', String(length)).send();
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply, path: string, search: string): Promise<FastifyReply> => {
    // Redirect rules come first: a cached page never hides a rule made after it.
    const proceed = await redirects.before(request, reply, renderError);
    if ('answered' in proceed) return proceed.answered;
    const rewrite = proceed.rewrite;
    const served = rewrite ? await render(request, rewrite.path, rewrite.search, true) : await render(request, path, search, false);
    if (served.status === 404) {
      const answered = await redirects.notFound(request, reply, proceed, renderError);
      if (answered) return answered.answered;
    }
    return sendServed(request, reply, served);
  };

  /** Other methods: only a rule may answer them (a redirect, an error); otherwise they are not found, as before. */
  const other = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const proceed = await redirects.before(request, reply, renderError);
    return 'answered' in proceed ? proceed.answered : sendFrameworkError(request, reply, 404);
  };

  const entry: SiteEntry = (request, reply) => {
    const raw = request.raw.url ?? '/';
    const q = raw.indexOf('?');
    const path = q === -1 ? raw : raw.slice(0, q);
    if (reserved.some((prefix) => path === prefix || path.startsWith(prefix))) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') return other(request, reply);
    return serve(request, reply, path, q === -1 ? '' : raw.slice(q + 1));
  };

  // get_the_password_form()'s target: the password becomes a signed cookie, then back to the page.
  app.post('/wp-login.php', async (request, reply) => {
    const action = new URLSearchParams((request.raw.url ?? '').split('?')[1] ?? '').get('action');
    if (action !== 'postpass') return sendFrameworkError(request, reply, 404);
    const type = String(request.headers['content-type'] ?? '');
    const form = new URLSearchParams(Buffer.isBuffer(request.body) && type.startsWith('application/x-www-form-urlencoded') ? request.body.toString('utf8') : '');
    const password = form.get('post_password') ?? '';
    const secret = await ensureSecret(db);
    // Making the secret is a write: every instance hears of it before the answer goes.
    await cache.written();
    const cookie = [`${cookieName}=${encodeURIComponent(postpassValue(secret, password))}`, 'Path=/', `Max-Age=${POSTPASS_MAX_AGE}`, 'HttpOnly', 'SameSite=Lax'];
    if (secure) cookie.push('Secure');
    const referer = typeof request.headers.referer === 'string' ? request.headers.referer : null;
    return reply
      .code(302)
      .header('Set-Cookie', cookie.join('; '))
      .header('Cache-Control', 'no-store')
      .header('Location', safeRedirect(config.siteUrl, form.get('redirect_to') ?? referer))
      .send();
  });

  return entry;
}
