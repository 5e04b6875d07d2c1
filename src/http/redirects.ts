/**
 * The redirects on the public site (the plugin's WordPress module): before a page is rendered, the
 * request is matched against the current rule set (src/domain/redirects/matcher) and, when a rule
 * fires, answered with its action — a redirect (`Location`, the code, `X-Redirect-By`), the
 * themed error page with the rule's code, a random post, an internal pass to a local address, or
 * nothing (the page as usual). Once the site answers 404, rules of the 404 page type get their turn,
 * and a request no rule took is written to the 404 log. Hits and log entries go to a queue written
 * in batches (src/domain/redirects/visits.ts), never on the request's path.
 */
import { clientIp } from './security';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { InvalidationBus } from '../cache/invalidation';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DomainContext } from '../domain/context';
import { DomainError } from '../domain/errors';
import { LoaderCache } from '../domain/loaders';
import { anonymous } from '../domain/viewer';
import { loggedIp } from '../domain/redirects/ip';
import type { NotFoundLogEntry } from '../domain/redirects/logs-write';
import { LiveRules } from '../domain/redirects/matcher/live-rules';
import type { RuleSnapshot } from '../domain/redirects/matcher/load';
import type { RedirectMatch } from '../domain/redirects/matcher/rule-index';
import { acceptLanguages, cookieFrom, type RedirectRequest } from '../domain/redirects/matcher/request';
import { randomPostLink } from '../domain/redirects/random-target';
import type { RedirectSettings } from '../domain/redirects/settings';
import { requestUrlOf, sanitizeRequestUrl } from '../domain/redirects/url/request-url';
import { VisitQueue } from '../domain/redirects/visits';
import { resolveViewer } from './auth';

/** What the site does after the first pass: render the page (at `rewrite` when a pass rule fired). */
export interface Proceed {
  /** A rule fired (its page then neither takes 404 rules nor goes to the 404 log). */
  matched: boolean;
  /** The local address a pass rule serves instead (path and query). */
  rewrite?: { path: string; search: string };
  request: RedirectRequest;
  snapshot: RuleSnapshot;
}

/**
 * A rule answered and its reply was sent. Wrapped: a FastifyReply is thenable (it resolves to
 * undefined once sent), so an async function returning the reply itself resolves to undefined.
 */
export interface Answered {
  answered: FastifyReply;
}

/** Renders the site's themed error page with a status (the error action). */
export type RenderError = (request: FastifyRequest, reply: FastifyReply, status: number, headers: Record<string, string>) => Promise<FastifyReply>;

/** Headers a log never keeps: the plugin's (cookie, host) and credentials. */
const UNLOGGED_HEADERS = new Set(['cookie', 'host', 'authorization', 'proxy-authorization']);
/** WordPress's nocache_headers(). */
const NO_CACHE = { 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private', Expires: 'Wed, 11 Jan 1984 05:00:00 GMT' };

function headerText(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** wp_sanitize_redirect: spaces as %20, non-ASCII percent-encoded, anything else a Location may not hold dropped, no encoded newline. */
export function safeLocation(target: string): string {
  const encoded = target.replace(/ /g, '%20').replace(/[\u0080-\u{10ffff}]/gu, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '';
    }
  });
  let location = encoded.replace(/[^a-z0-9\-~+_.?#=&;,/:%!*[\]()@]/gi, '');
  // _deep_replace: until none is left (removing one may join another).
  while (/%0[ad]/i.test(location)) location = location.replace(/%0[ad]/gi, '');
  return location;
}

/** Host name without the port (`[::1]:3000` → `[::1]`). */
function hostOf(request: FastifyRequest): string {
  const host = headerText(request.headers.host) ?? '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0];
}

export class SiteRedirects {
  readonly rules: LiveRules;
  readonly visits: VisitQueue;

  constructor(
    private readonly config: Config,
    private readonly db: Database,
    bus: InvalidationBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.rules = new LiveRules(db, bus, {
      onRefused: (refused) => log.warn({ refused }, 'redirect rules that cannot run are ignored (a regular expression RE2 refuses...)'),
    });
    this.visits = new VisitQueue(db, { onError: (error) => log.warn({ err: error }, 'redirect hits and logs not written') });
  }

  private requestOf(request: FastifyRequest): RedirectRequest {
    let loggedIn: Promise<boolean> | undefined;
    return {
      url: requestUrlOf(request.raw.url ?? '/'),
      host: hostOf(request),
      referrer: sanitizeRequestUrl(headerText(request.headers.referer) ?? ''),
      agent: (headerText(request.headers['user-agent']) ?? '').trim(),
      ip: request.ip,
      header: (name) => headerText(request.headers[name.toLowerCase()]),
      cookie: (name) => cookieFrom(headerText(request.headers.cookie), name),
      languages: acceptLanguages(headerText(request.headers['accept-language'])),
      // Credentials are checked only when a login rule's source matched: plain requests pay nothing.
      loggedIn: () =>
        (loggedIn ??= resolveViewer(this.db, request.headers.authorization, clientIp(request)).then((viewer) => !(viewer instanceof DomainError) && !viewer.isAnonymous)),
    };
  }

  /** The first pass: a reply when a rule answered, else how to go on. */
  async before(request: FastifyRequest, reply: FastifyReply, renderError: RenderError): Promise<Answered | Proceed> {
    const snapshot = await this.rules.current();
    const facts = this.requestOf(request);
    const found = snapshot.index.size === 0 ? null : await snapshot.index.match(facts);
    if (!found) return { matched: false, request: facts, snapshot };
    return this.answer(request, reply, found, facts, snapshot, renderError);
  }

  /** After the site answered 404: the first 404 page type rule, else the 404 log. Null: send the 404 page. */
  async notFound(request: FastifyRequest, reply: FastifyReply, proceed: Proceed, renderError: RenderError): Promise<Answered | null> {
    if (proceed.matched) return null;
    const { snapshot } = proceed;
    const found = snapshot.index.size === 0 ? null : await snapshot.index.match(proceed.request, true);
    if (found) {
      const answered = await this.answer(request, reply, found, proceed.request, snapshot, renderError);
      if ('answered' in answered) return answered;
      // A page rule that does nothing (or passes): the 404 page, unlogged.
      return null;
    }
    const settings = snapshot.settings;
    if (settings.expire_404 >= 0) this.visits.logNotFound(this.entry(request, settings, sanitizeRequestUrl(request.raw.url ?? '/'), 404));
    return null;
  }

  private async answer(request: FastifyRequest, reply: FastifyReply, found: RedirectMatch, facts: RedirectRequest, snapshot: RuleSnapshot, renderError: RenderError): Promise<Answered | Proceed> {
    const { rule } = found;
    const settings = snapshot.settings;
    let target = found.target;
    let proceed: Proceed | null = null;
    if (rule.actionType === 'random') {
      target = await randomPostLink(this.contextOf());
      if (target === null) proceed = { matched: true, request: facts, snapshot };
    } else if (rule.actionType === 'pass') {
      const local = this.localAddress(target ?? '');
      if (local === null) this.log.warn({ redirect: rule.id, target }, 'a pass-through to another site is not fetched: the page is served as if no rule matched');
      proceed = { matched: true, request: facts, snapshot, ...(local ? { rewrite: local } : {}) };
    } else if (rule.actionType === 'nothing') {
      proceed = { matched: true, request: facts, snapshot };
    }
    this.visit(request, settings, rule.id, rule.logExclude, facts.url.original, target ?? '', rule.actionCode);
    if (proceed) return proceed;
    if (rule.actionType === 'error') {
      await renderError(request, reply, rule.actionCode, { ...NO_CACHE, 'X-Redirect-By': 'redirection' });
      return { answered: reply };
    }
    return { answered: this.redirect(reply, target ?? '/', rule.actionCode, settings) };
  }

  /** wp_redirect as the plugin shapes it: `redirect_cache` hours of caching for a 301 (-1: none), never for a 307. */
  private redirect(reply: FastifyReply, target: string, code: number, settings: RedirectSettings): FastifyReply {
    const headers: Record<string, string> = { Location: safeLocation(target), 'X-Redirect-By': 'redirection', 'Content-Type': 'text/html; charset=UTF-8' };
    if (code === 307 || (code === 301 && settings.redirect_cache === -1)) Object.assign(headers, NO_CACHE);
    else if (code === 301 && settings.redirect_cache > 0) {
      const seconds = Math.round(settings.redirect_cache * 3600);
      headers['Cache-Control'] = `max-age=${seconds}`;
      headers.Expires = new Date(Date.now() + seconds * 1000).toUTCString();
    }
    return reply.code(code).headers(headers).send('');
  }

  /** The path and query of a target on this site, or null for another site's. */
  private localAddress(target: string): { path: string; search: string } | null {
    let address = target;
    const site = this.config.siteUrl;
    if (address.startsWith(`${site}/`) || address === site) address = address.slice(site.length) || '/';
    else if (/^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith('//')) return null;
    if (!address.startsWith('/')) address = `/${address}`;
    const q = address.indexOf('?');
    return q === -1 ? { path: address, search: '' } : { path: address.slice(0, q), search: address.slice(q + 1) };
  }

  private contextOf(): DomainContext {
    const loaders = new LoaderCache(this.db, { readOnly: true });
    return { db: loaders.db, viewer: anonymous, config: this.config, loaders };
  }

  /** Red_Item::visit: the hit counted (`track_hits`), the visit logged unless logging is off or the rule is excluded. */
  private visit(request: FastifyRequest, settings: RedirectSettings, id: number, excluded: boolean, url: string, target: string, code: number): void {
    const now = new Date();
    if (settings.track_hits) this.visits.hit(id, now);
    if (settings.expire_redirect === -1 || excluded) return;
    this.visits.logRedirect({ ...this.entry(request, settings, url, code, now), sentTo: target, redirectId: id, redirectBy: 'redirection' });
  }

  /** A log entry's common fields, as sent (logs-write.ts cleans them as Red_Log::sanitize_create does). */
  private entry(request: FastifyRequest, settings: RedirectSettings, url: string, code: number, at = new Date()): NotFoundLogEntry {
    return {
      createdAt: at,
      url,
      domain: `${request.protocol}://${hostOf(request)}`,
      agent: (headerText(request.headers['user-agent']) ?? '').trim(),
      referrer: sanitizeRequestUrl(headerText(request.headers.referer) ?? ''),
      ip: loggedIp(request.ip, settings.ip_logging),
      httpCode: code,
      requestMethod: request.method,
      requestData: settings.log_header ? { headers: this.loggedHeaders(request) } : undefined,
    };
  }

  private loggedHeaders(request: FastifyRequest): Record<string, string> {
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, value] of Object.entries(request.headers)) {
      if (UNLOGGED_HEADERS.has(name) || value === undefined) continue;
      const title = name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase());
      out[title] = headerText(value) ?? '';
    }
    return out;
  }

  async close(): Promise<void> {
    await this.visits.close();
  }
}
