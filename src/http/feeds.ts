/**
 * iCalendar feeds of the calendar, where The Events Calendar serves them (its archive pages with
 * `?ical=1`): `/events/ical` (all upcoming events), `/events/category/<slug>/ical`,
 * `/venue/<slug>/ical`, `/organizer/<slug>/ical`, and the same pages with `?ical=1`. Requests are
 * authenticated like the APIs' (anonymous readers get published, listed events); the selection
 * and the document come from the domain (calendarFeed). Without a feed asked for, those addresses
 * are the site's pages (src/http/site.ts).
 */
import { clientIp } from './security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DomainContext } from '../domain/context';
import { isAcceptableText } from '../domain/client-input';
import type { DomainError } from '../domain/errors';
import { isDomainError } from '../domain/errors';
import { calendarFeed, type FeedScope } from '../domain/events/imports';
import { LoaderCache } from '../domain/loaders';
import { errorBody } from '../rest/server/errors';
import { resolveViewer } from './auth';

type ScopeOf = (request: FastifyRequest) => FeedScope;

/** The router's decoded slug; one that is not acceptable text (a NUL) names nothing. */
const slugOf = (slug: string): string => (isAcceptableText(slug) ? slug : '');

const slugParam = (request: FastifyRequest): string => {
  // A nested category path (/events/category/parent/child/) names its last segment (the router has decoded it).
  const wildcard = String((request.params as Record<string, string>)['*'] ?? '');
  const segments = wildcard.split('/').filter(Boolean);
  if (segments.at(-1) === 'ical') segments.pop();
  return slugOf(segments.at(-1) ?? '');
};

/** Errors as the REST face words them: feeds are read by programs, which expect the same shape. */
function sendError(reply: FastifyReply, error: DomainError): FastifyReply {
  return reply.code(error.status).header('Content-Type', 'application/json; charset=UTF-8').send(JSON.stringify(errorBody(error)));
}

function wantsIcal(request: FastifyRequest): boolean {
  const value = (request.query as Record<string, unknown>).ical;
  return value !== undefined && value !== '0' && value !== '';
}

/** The page an address shows when no feed is asked for (the site's events list, category, venue, organizer). */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

export function registerFeeds(app: FastifyInstance, config: Config, db: Database, page: PageFallback): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply, scope: FeedScope): Promise<FastifyReply> => {
    const viewer = await resolveViewer(db, request.headers.authorization, clientIp(request));
    if (isDomainError(viewer)) return sendError(reply, viewer);
    const loaders = new LoaderCache(db, { readOnly: true });
    const ctx: DomainContext = { db: loaders.db, viewer, config, loaders };
    try {
      const feed = await calendarFeed(ctx, scope);
      return reply
        .code(200)
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${feed.filename}"`)
        .header('Cache-Control', viewer.isAnonymous ? 'public, max-age=300' : 'private, no-store')
        .send(feed.body);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return sendError(reply, error);
    }
  };
  // `<page>/ical` always; `<page>/?ical=1` as the plugin's links have it (else the page itself).
  const route = (path: string, scopeOf: ScopeOf) => {
    app.get(`${path}/ical`, (request, reply) => serve(request, reply, scopeOf(request)));
    app.get(path, (request, reply) => (wantsIcal(request) ? serve(request, reply, scopeOf(request)) : page(request, reply)));
  };
  route('/events', () => ({ kind: 'all' }));
  app.get('/events/category/*', (request, reply) => {
    const wildcard = String((request.params as Record<string, string>)['*'] ?? '');
    const explicit = /(^|\/)ical\/?$/.test(wildcard);
    if (!explicit && !wantsIcal(request)) return page(request, reply);
    return serve(request, reply, { kind: 'category', slug: slugParam(request) });
  });
  route('/venue/:slug', (request) => ({ kind: 'venue', slug: slugOf(String((request.params as Record<string, string>).slug)) }));
  route('/organizer/:slug', (request) => ({ kind: 'organizer', slug: slugOf(String((request.params as Record<string, string>).slug)) }));
}
