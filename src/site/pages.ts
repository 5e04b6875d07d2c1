/**
 * The public site: what a page address shows. The object at an address is the domain's
 * (content/uri.ts resolvePath, as GraphQL's nodeByUri finds it); whether the visitor may see it and
 * what it says come from the domain's read functions and rendered fields, exactly as the APIs
 * serve them. Anything the visitor may not see is a 404, as WordPress answers a draft or a private
 * post to an anonymous visitor.
 */
import type { Content } from '../generated/prisma-sqlite/client';
import { formatSiteTime } from '../domain/content/dates';
import { resolvePath, type UriTarget } from '../domain/content/uri';
import type { DomainContext } from '../domain/context';
import { DomainError } from '../domain/errors';
import { eventById, eventsByOrganizer, eventsByVenue, eventTermsByEvent, getEvent, getEventTerm, getOrganizer, getVenue, listEventArchive, organizersByEvent, venuesByEvent, formatCost, type EventRecord } from '../domain/events';
import { getMediaItem } from '../domain/media/media-items';
import { contentById } from '../domain/posts/loaders';
import { listPosts, type PostListQuery } from '../domain/posts/query';
import { loadRecord, readError } from '../domain/posts/records';
import { renderedContent, renderedExcerpt, renderedTitle } from '../domain/posts/render';
import type { PostRecord } from '../domain/posts/types';
import { homeHead, postTypeArchiveHead, termHead, userHead, type Paging } from '../domain/seo/head-archive';
import { attachmentHead } from '../domain/seo/head-attachment';
import { eventHead } from '../domain/seo/head-event';
import { linkedRecordHead } from '../domain/seo/head-linked';
import { notFoundHead } from '../domain/seo/head-not-found';
import { seoHeadHtml } from '../domain/seo/head-html';
import { postRecordHeadTexts } from '../domain/seo/head';
import { siteOptionsOf, type SiteOptions } from '../domain/settings/options';
import { getTerm } from '../domain/terms/terms';
import { termChain } from '../domain/terms/loaders';
import { termLink } from '../domain/terms/permalinks';
import { authorLink } from '../domain/users/links';
import { userById } from '../domain/users/loaders';
import { getUser } from '../domain/users/users';
import { mayOpenAuthorArchive } from '../domain/security/enumeration';
import { formatWallClock } from './dates';
import { html, renderedText, trusted, type Html } from './html';
import { unlocks } from './postpass';
import { embedDocument, entryList, notFoundBody, paragraph, passwordForm, singleEntry, type Entry, type Link, type Pagination } from './templates';
import { layout, type Chrome, type Head } from './theme';

export interface SiteDeps {
  /** A REST route's address in the deployment's URL form. */
  restUrl(route: string, query?: string): string;
  restRoot: string;
}

export interface SiteRequest {
  /** The raw path (still percent-encoded) and query string of the request. */
  path: string;
  search: string;
  /** The post password cookie, if sent, and the secret that signs it. */
  postpass?: string;
  secret: Buffer | null;
  /** Answer the themed error page with this status instead (a redirect rule's error action). */
  errorStatus?: number;
}

export interface SitePage {
  status: number;
  body: string;
  /** `Link` header values (REST discovery, the item's JSON alternate, the shortlink). */
  links: string[];
  /** The embed document may be framed by other sites. */
  embed?: boolean;
  /** The page showed content unlocked by the password cookie: never shared. */
  unlocked?: boolean;
}

/** Plain query variables that name an object (the home page is shown when none is present). */
const OBJECT_VARS = ['p', 'page_id', 'attachment_id', 'cat', 'tag', 'author', 'post_type', 'tribe_events', 'tribe_venue', 'tribe_organizer', 'taxonomy', 'name', 'pagename'];
/** Where an item's JSON lives (`rel="alternate"`): the routes that serve it here. */
const REST_ROUTES: Record<string, string> = {
  post: '/core/v2/posts',
  page: '/core/v2/pages',
  attachment: '/core/v2/media',
  tribe_events: '/events/v1/events',
  tribe_venue: '/events/v1/venues',
  tribe_organizer: '/events/v1/organizers',
  category: '/core/v2/categories',
  post_tag: '/core/v2/tags',
  tribe_events_cat: '/events/v1/categories',
};
const EMBEDDABLE = ['post', 'page', 'attachment', 'tribe_events'];

class NotFound extends Error {}

interface Page {
  head: Head;
  main: Html;
  bodyClass: string;
  /** REST route of the object shown, for the discovery headers. */
  route?: string;
  shortlink?: string;
  unlocked?: boolean;
  current?: string;
}

/** Everything a page needs to know about the request and the site. */
interface Scope {
  ctx: DomainContext;
  deps: SiteDeps;
  request: SiteRequest;
  options: SiteOptions;
  paged: number;
  siteUrl: string;
  pretty: boolean;
}

export async function renderSite(ctx: DomainContext, deps: SiteDeps, request: SiteRequest): Promise<SitePage> {
  const options = await siteOptionsOf(ctx);
  const query = new URLSearchParams(request.search);
  let segments = request.path.split('/').filter(Boolean);
  if (segments[0] === 'index.php') segments = segments.slice(1);
  let embed = (query.get('embed') ?? '') !== '' && query.get('embed') !== '0';
  if (segments.length > 0 && segments.at(-1) === 'embed') {
    embed = true;
    segments = segments.slice(0, -1);
  }
  let paged = pageNumber(query.get('paged')) ?? 1;
  if (segments.length >= 2 && segments.at(-2) === 'page' && pageNumber(segments.at(-1) ?? null)) {
    paged = pageNumber(segments.at(-1) ?? null) as number;
    segments = segments.slice(0, -2);
  }
  const scope: Scope = { ctx, deps, request, options, paged, siteUrl: ctx.config.siteUrl, pretty: ctx.config.permalinks === 'pretty' };
  const chromeOf = async (current?: string) => chrome(scope, current);
  try {
    if (request.errorStatus !== undefined) throw new NotFound();
    const target = await targetOf(scope, segments, query);
    if (embed) return await embedPage(scope, target);
    const page = await pageFor(scope, target);
    return {
      status: 200,
      body: layout(await chromeOf(page.current), page.head, page.main, page.bodyClass),
      links: linkHeaders(scope, page),
      unlocked: page.unlocked,
    };
  } catch (error) {
    if (!(error instanceof NotFound) && !(error instanceof DomainError)) throw error;
    const head: Head = { title: html`Page not found`, robots: 'noindex', seo: seoHeadHtml(await notFoundHead(ctx, `${scope.siteUrl}${request.path}${request.search ? `?${request.search}` : ''}`)) };
    return { status: request.errorStatus ?? 404, body: layout(await chromeOf(), head, notFoundBody(`${scope.siteUrl}/`), 'error404'), links: linkHeaders(scope, null) };
  }
}

type Target = UriTarget | { kind: 'home' } | { kind: 'events' };

/** The object an address names: the home page, the events list, or what resolvePath finds. */
async function targetOf(scope: Scope, segments: readonly string[], query: URLSearchParams): Promise<Target> {
  const named = OBJECT_VARS.some((name) => query.has(name));
  const first = segments.length ? safeDecode(segments[0]).toLowerCase() : '';
  if ((segments.length === 1 && first === 'events') || (segments.length === 0 && query.get('post_type') === 'tribe_events' && !query.has('p'))) return { kind: 'events' };
  const path = segments.length ? `/${segments.join('/')}/` : '/';
  const target = await resolvePath(scope.ctx, `${scope.siteUrl}${path}${query.size ? `?${query.toString()}` : ''}`);
  if (target) return target;
  if (segments.length === 0 && !named) return { kind: 'home' };
  throw new NotFound();
}

async function pageFor(scope: Scope, target: Target): Promise<Page> {
  switch (target.kind) {
    case 'home':
      return postsIndex(scope, null);
    case 'events':
      return eventsIndex(scope);
    case 'term':
      return target.taxonomy === 'tribe_events_cat' ? eventCategory(scope, target.id) : termArchive(scope, target.taxonomy, target.id);
    case 'user':
      return authorArchive(scope, target.id);
    case 'post':
      if (target.type === 'tribe_events') return eventPage(scope, target.id);
      if (target.type === 'tribe_venue' || target.type === 'tribe_organizer') return linkedPage(scope, target.type, target.id);
      if (target.type === 'attachment') return attachmentPage(scope, target.id);
      if (target.type === 'page' && target.id === scope.options.page_for_posts) return postsIndex(scope, target.id);
      return postPage(scope, target.id);
  }
}

// ------------------------------------------------------------------------------------------------
// Posts and pages
// ------------------------------------------------------------------------------------------------

/** A post or page the visitor may read (get_item_permissions_check), else 404. */
async function readablePost(scope: Scope, id: number): Promise<PostRecord> {
  const row = await contentById(scope.ctx).load(id);
  if (!row || (row.type !== 'post' && row.type !== 'page') || readError(scope.ctx, row, { context: 'view' })) throw new NotFound();
  return loadRecord(scope.ctx, row);
}

/** the_title with WordPress's prefixes: "Protected: " for password-protected, "Private: " for private records. */
function titleOf(row: Pick<Content, 'title' | 'password' | 'status'>): string {
  const title = renderedTitle(row);
  if (row.password !== '') return `Protected: ${title}`;
  if (row.status === 'private') return `Private: ${title}`;
  return title;
}

/** Whether the visitor's password cookie opens this record (post_password_required() is then false). */
const isUnlocked = (scope: Scope, row: Pick<Content, 'password'>): boolean => unlocks(scope.request.secret, scope.request.postpass, row.password);
const passwordRequest = (scope: Scope, row: Pick<Content, 'password'>) => ({ context: 'view', canEdit: false, password: isUnlocked(scope, row) ? row.password : undefined });
const locked = (scope: Scope, row: Pick<Content, 'password'>): boolean => row.password !== '' && !isUnlocked(scope, row);

function dateOf(scope: Scope, instant: Date): Pick<Entry, 'date' | 'datetime'> {
  return { datetime: instant.toISOString(), date: formatWallClock(scope.options.date_format, formatSiteTime(instant, scope.options)) };
}

async function authorOf(scope: Scope, authorId: number): Promise<Link | undefined> {
  const user = authorId > 0 ? await userById(scope.ctx).load(authorId) : null;
  return user ? { label: user.name, href: authorLink(scope.ctx.config, user) } : undefined;
}

async function entryOf(scope: Scope, record: PostRecord): Promise<Entry> {
  const row = record.row;
  const summary = locked(scope, row) ? paragraph('There is no excerpt because this is a protected post.') : trusted(renderedExcerpt(row, passwordRequest(scope, row)));
  return { title: titleOf(row), link: record.link, ...dateOf(scope, row.date), author: await authorOf(scope, row.authorId), summary };
}

async function termLinks(scope: Scope, record: PostRecord, taxonomy: string): Promise<Link[]> {
  const terms = record.terms.filter((t) => t.taxonomy === taxonomy);
  return Promise.all(
    terms.map(async (term) => {
      const chain = taxonomy === 'category' ? await termChain(scope.ctx).load(term.id) : [];
      return { label: term.name, href: termLink(scope.ctx.config, term, chain.slice(1).map((node) => node.slug)) };
    }),
  );
}

/** The post password form in place of the content (get_the_password_form). */
function lockedBody(scope: Scope, row: Content, link: string): Html {
  return passwordForm(loginUrl(scope), link, row.id, false);
}

async function postPage(scope: Scope, id: number): Promise<Page> {
  const record = await readablePost(scope, id);
  const row = record.row;
  const isPost = row.type === 'post';
  const entry: Entry = { title: titleOf(row), link: record.link, ...(isPost ? { ...dateOf(scope, row.date), author: await authorOf(scope, row.authorId) } : {}) };
  const body = locked(scope, row) ? lockedBody(scope, row, record.link) : trusted(renderedContent(row, passwordRequest(scope, row)));
  const extras = isPost ? { categories: await termLinks(scope, record, 'category'), tags: await termLinks(scope, record, 'post_tag') } : {};
  return {
    head: { ...singularHead(scope, row, record.link), seo: (await postRecordHeadTexts(scope.ctx, record)).html },
    main: singleEntry(entry, body, extras),
    bodyClass: `single ${isPost ? 'single-post' : 'page'} postid-${row.id}`,
    route: `${REST_ROUTES[row.type]}/${row.id}`,
    shortlink: `${scope.siteUrl}/?p=${row.id}`,
    unlocked: row.password !== '' && !locked(scope, row),
    current: record.link,
  };
}

function singularHead(scope: Scope, row: Pick<Content, 'id' | 'type' | 'title' | 'password' | 'status'>, link: string): Head {
  return { title: renderedText(titleOf(row)), canonical: link, json: scope.deps.restUrl(`${REST_ROUTES[row.type]}/${row.id}`), oembed: oembedLinks(scope, link) };
}

function oembedLinks(scope: Scope, link: string): Head['oembed'] {
  const url = `url=${encodeURIComponent(link)}`;
  return { json: scope.deps.restUrl('/oembed/1.0/embed', url), xml: scope.deps.restUrl('/oembed/1.0/embed', `${url}&format=xml`) };
}

function baseQuery(scope: Scope, perPage = scope.options.posts_per_page): PostListQuery {
  return { context: 'view', page: scope.paged, perPage: Math.max(1, Math.min(100, perPage)), statuses: ['publish'], order: 'desc', orderby: 'date' };
}

async function postList(scope: Scope, query: PostListQuery, base: string): Promise<{ entries: Entry[]; pagination: Pagination; paging: Paging }> {
  const list = await listPosts(scope.ctx, 'post', query);
  const entries = await Promise.all(list.records.map((record) => entryOf(scope, record)));
  const pageTotal = Math.ceil(list.total / list.perPage);
  return { entries, pagination: paginate(scope, base, pageTotal), paging: { page: scope.paged, pageTotal } };
}

/** The latest posts: the home page, or the page chosen as the posts page (page_for_posts). */
async function postsIndex(scope: Scope, pageId: number | null): Promise<Page> {
  const page = pageId ? await readablePost(scope, pageId) : null;
  const base = page ? page.link : `${scope.siteUrl}/`;
  const { entries, pagination, paging } = await postList(scope, { ...baseQuery(scope), ignoreSticky: false }, base);
  const heading = page ? trusted(titleOf(page.row)) : 'Latest posts';
  const seo = page ? await postRecordHeadTexts(scope.ctx, page) : await homeHead(scope.ctx, paging);
  return {
    head: {
      title: page ? renderedText(titleOf(page.row)) : html`${scope.options.title ? 'Latest posts' : 'Home'}`,
      canonical: base,
      json: page ? scope.deps.restUrl(`/core/v2/pages/${page.row.id}`) : undefined,
      seo: seo.html,
    },
    main: entryList(heading, '', entries, pagination),
    bodyClass: page ? 'blog page' : 'home blog',
    route: page ? `/core/v2/pages/${page.row.id}` : undefined,
    current: base,
  };
}

async function termArchive(scope: Scope, taxonomy: string, id: number): Promise<Page> {
  const view = await getTerm(scope.ctx, taxonomy, id);
  const filter = { terms: [id], includeChildren: taxonomy === 'category', operator: 'OR' as const };
  const { entries, pagination, paging } = await postList(scope, { ...baseQuery(scope), taxonomies: { [taxonomy]: { include: filter } } }, view.link);
  const label = taxonomy === 'category' ? 'Category' : 'Tag';
  return {
    head: { title: html`${label}: ${view.term.name}`, canonical: view.link, json: scope.deps.restUrl(`${REST_ROUTES[taxonomy]}/${id}`), seo: (await termHead(scope.ctx, view, paging)).html },
    main: entryList(html`${label}: <span>${view.term.name}</span>`, view.term.description ? paragraph(view.term.description) : '', entries, pagination),
    bodyClass: `archive ${taxonomy === 'category' ? 'category' : 'tag'} ${taxonomy === 'category' ? 'category' : 'tag'}-${id}`,
    route: `${REST_ROUTES[taxonomy]}/${id}`,
  };
}

async function authorArchive(scope: Scope, id: number): Promise<Page> {
  // Blocking user enumeration (the security settings) turns author archives into the 404 page.
  if (!(await mayOpenAuthorArchive(scope.ctx))) throw new NotFound();
  const user = await getUser(scope.ctx, id);
  const link = authorLink(scope.ctx.config, user);
  const { entries, pagination, paging } = await postList(scope, { ...baseQuery(scope), author: [id] }, link);
  const seo = await userHead(scope.ctx, id, paging);
  return {
    head: { title: html`Author: ${user.name}`, canonical: link, json: scope.deps.restUrl(`/core/v2/users/${id}`), seo: seo?.html },
    main: entryList(html`Author: <span>${user.name}</span>`, user.description ? paragraph(user.description) : '', entries, pagination),
    bodyClass: `archive author author-${id}`,
    route: `/core/v2/users/${id}`,
  };
}

// ------------------------------------------------------------------------------------------------
// Attachments
// ------------------------------------------------------------------------------------------------

async function attachmentPage(scope: Scope, id: number): Promise<Page> {
  const row = await getMediaItem(scope.ctx, id);
  const link = `${scope.siteUrl}/?attachment_id=${row.id}`;
  const file = row.guid;
  const media = /^https?:\/\//i.test(file)
    ? row.mimeType.startsWith('image/')
      ? html`<figure class="attachment"><img src="${file}" alt="${renderedText(row.excerpt || renderedTitle(row))}"></figure>\n`
      : html`<p class="attachment"><a href="${file}">${file.split('/').pop() ?? file}</a></p>\n`
    : '';
  const body = html`${media}${trusted(renderedContent(row, { context: 'view', canEdit: false }))}`;
  return {
    head: { ...singularHead(scope, row, link), seo: seoHeadHtml(await attachmentHead(scope.ctx, await loadRecord(scope.ctx, row))) },
    main: singleEntry({ title: titleOf(row), link, ...dateOf(scope, row.date) }, body),
    bodyClass: `attachment attachmentid-${row.id}`,
    route: `${REST_ROUTES.attachment}/${row.id}`,
    shortlink: `${scope.siteUrl}/?p=${row.id}`,
  };
}

// ------------------------------------------------------------------------------------------------
// The calendar
// ------------------------------------------------------------------------------------------------

/** tribe_events_event_schedule_details(): one date when the event starts and ends on the same day. */
function eventWhen(scope: Scope, event: EventRecord): string {
  const d = event.detail;
  const { date_format: dateFormat, time_format: timeFormat } = scope.options;
  const startDay = formatWallClock(dateFormat, d.startLocal);
  const endDay = formatWallClock(dateFormat, d.endLocal);
  if (d.allDay) return startDay === endDay ? startDay : `${startDay} – ${endDay}`;
  const startTime = formatWallClock(timeFormat, d.startLocal);
  const endTime = formatWallClock(timeFormat, d.endLocal);
  if (startDay === endDay) return `${startDay} @ ${startTime} – ${endTime}`;
  return `${startDay} @ ${startTime} – ${endDay} @ ${endTime}`;
}

function eventEntry(scope: Scope, event: EventRecord): Entry {
  return {
    title: titleOf(event.row),
    link: event.link,
    datetime: event.detail.startUtc.replace(' ', 'T') + 'Z',
    date: eventWhen(scope, event),
    summary: locked(scope, event.row) ? undefined : trusted(renderedExcerpt(event.row, passwordRequest(scope, event.row))),
  };
}

/** A calendar record the visitor may read; locked when its password is required and not given. */
async function readableEvent(scope: Scope, id: number): Promise<{ record: EventRecord; isLocked: boolean }> {
  const record = await eventById(scope.ctx).load(id);
  if (!record) throw new NotFound();
  try {
    await getEvent(scope.ctx, id, { password: isUnlocked(scope, record.row) ? record.row.password : undefined });
    return { record, isLocked: false };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'event-password-protected') return { record, isLocked: true };
    throw error;
  }
}

const detailRows = (rows: ReadonlyArray<[string, Html | string]>): Html | '' => {
  const shown = rows.filter(([, value]) => value !== '');
  return shown.length ? html`<dl class="details">${shown.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>\n` : '';
};

const links = (items: readonly Link[]): Html | '' => (items.length ? html`${items.map((item, i) => html`${i ? ', ' : ''}<a href="${item.href}">${item.label}</a>`)}` : '');

async function eventPage(scope: Scope, id: number): Promise<Page> {
  const { record, isLocked } = await readableEvent(scope, id);
  const row = record.row;
  const d = record.detail;
  const [venues, organizers, terms] = await Promise.all([venuesByEvent(scope.ctx).load(id), organizersByEvent(scope.ctx).load(id), eventTermsByEvent(scope.ctx).load(id)]);
  const details = detailRows([
    ['When', eventWhen(scope, record)],
    ['Time zone', d.allDay ? '' : d.timezone],
    ['Cost', formatCost(d.cost, d.currencySymbol, d.currencyPosition)],
    ['Venue', links(venues.map((v) => ({ label: renderedText(titleOf(v.row)), href: v.link })))],
    ['Organizer', links(organizers.map((o) => ({ label: renderedText(titleOf(o.row)), href: o.link })))],
  ]);
  const body = isLocked ? lockedBody(scope, row, record.link) : trusted(renderedContent(row, passwordRequest(scope, row)));
  const categories = await Promise.all(terms.categories.map(async (term) => ({ label: term.name, href: (await getEventTerm(scope.ctx, 'tribe_events_cat', term.id)).link })));
  const tags = terms.tags.map((term) => ({ label: term.name, href: termLink(scope.ctx.config, term) }));
  return {
    head: { ...singularHead(scope, row, record.link), seo: (await eventHead(scope.ctx, record)).html },
    main: singleEntry({ title: titleOf(row), link: record.link }, body, { before: details, categories, tags }),
    bodyClass: `single single-tribe_events postid-${id}`,
    route: `${REST_ROUTES.tribe_events}/${id}`,
    shortlink: `${scope.siteUrl}/?p=${id}`,
    unlocked: row.password !== '' && !isLocked,
  };
}

async function linkedPage(scope: Scope, type: 'tribe_venue' | 'tribe_organizer', id: number): Promise<Page> {
  const isVenue = type === 'tribe_venue';
  const record = isVenue ? await getVenue(scope.ctx, id) : await getOrganizer(scope.ctx, id);
  const row = record.row;
  let details: Html | '';
  let events: EventRecord[];
  if (isVenue) {
    const v = (record as Awaited<ReturnType<typeof getVenue>>).detail;
    details = detailRows([
      ['Address', [v.address, v.city, v.stateprovince || v.state || v.province, v.zip, v.country].filter(Boolean).join(', ')],
      ['Phone', v.phone],
      ['Website', v.website ? html`<a href="${safeUrl(v.website)}">${v.website}</a>` : ''],
    ]);
    events = await eventsByVenue(scope.ctx).load(id);
  } else {
    const o = (record as Awaited<ReturnType<typeof getOrganizer>>).detail;
    details = detailRows([
      ['Phone', o.phone],
      ['Email', o.email ? html`<a href="mailto:${o.email}">${o.email}</a>` : ''],
      ['Website', o.website ? html`<a href="${safeUrl(o.website)}">${o.website}</a>` : ''],
    ]);
    events = await eventsByOrganizer(scope.ctx).load(id);
  }
  const body = locked(scope, row) ? lockedBody(scope, row, record.link) : trusted(renderedContent(row, passwordRequest(scope, row)));
  const upcoming = events.slice(0, 50).map((event) => eventEntry(scope, event));
  const after = upcoming.length
    ? html`<section class="related-events" aria-labelledby="events-${id}"><h2 id="events-${id}">Events</h2><ul>${upcoming.map((e) => html`<li><a href="${e.link}">${trusted(e.title)}</a> <span class="entry-meta">${e.date ?? ''}</span></li>`)}</ul></section>\n`
    : '';
  return {
    head: { ...singularHead(scope, row, record.link), seo: (await linkedRecordHead(scope.ctx, record)).html },
    main: singleEntry({ title: titleOf(row), link: record.link }, body, { before: details, after }),
    bodyClass: `single single-${type} postid-${id}`,
    route: `${REST_ROUTES[type]}/${id}`,
    shortlink: `${scope.siteUrl}/?p=${id}`,
    unlocked: row.password !== '' && !locked(scope, row),
  };
}

function eventsLink(scope: Scope): string {
  return scope.pretty ? `${scope.siteUrl}/events/` : `${scope.siteUrl}/?post_type=tribe_events`;
}

async function eventsIndex(scope: Scope): Promise<Page> {
  const list = await listEventArchive(scope.ctx, { page: scope.paged });
  const base = eventsLink(scope);
  const paging = { page: scope.paged, pageTotal: Math.ceil(list.total / list.perPage) };
  return {
    head: { title: html`Upcoming events`, canonical: base, json: scope.deps.restUrl('/events/v1/events'), seo: (await postTypeArchiveHead(scope.ctx, 'tribe_events', base, paging)).html },
    main: entryList('Upcoming events', '', list.records.map((event) => eventEntry(scope, event)), paginate(scope, base, Math.ceil(list.total / list.perPage)), 'There are no upcoming events.'),
    bodyClass: 'archive post-type-archive post-type-archive-tribe_events',
    route: '/events/v1/events',
    current: base,
  };
}

async function eventCategory(scope: Scope, id: number): Promise<Page> {
  const view = await getEventTerm(scope.ctx, 'tribe_events_cat', id);
  const list = await listEventArchive(scope.ctx, { page: scope.paged, categories: [id] });
  const paging = { page: scope.paged, pageTotal: Math.ceil(list.total / list.perPage) };
  return {
    head: {
      title: html`Events in ${view.term.name}`,
      canonical: view.link,
      json: scope.deps.restUrl(`${REST_ROUTES.tribe_events_cat}/${id}`),
      seo: (await termHead(scope.ctx, view, paging)).html,
    },
    main: entryList(html`Events in <span>${view.term.name}</span>`, view.term.description ? paragraph(view.term.description) : '', list.records.map((event) => eventEntry(scope, event)), paginate(scope, view.link, Math.ceil(list.total / list.perPage)), 'There are no upcoming events in this category.'),
    bodyClass: `archive tax-tribe_events_cat term-${id}`,
    route: `${REST_ROUTES.tribe_events_cat}/${id}`,
  };
}

// ------------------------------------------------------------------------------------------------
// Embeds
// ------------------------------------------------------------------------------------------------

/** The embed template (`<permalink>embed/`, `?embed=true`) of a post, page, attachment or event. */
async function embedPage(scope: Scope, target: Target): Promise<SitePage> {
  if (target.kind !== 'post' || !EMBEDDABLE.includes(target.type)) throw new NotFound();
  let row: Content;
  let link: string;
  let isLocked: boolean;
  if (target.type === 'tribe_events') {
    const found = await readableEvent(scope, target.id);
    ({ row, link } = { row: found.record.row, link: found.record.link });
    isLocked = found.isLocked;
  } else if (target.type === 'attachment') {
    row = await getMediaItem(scope.ctx, target.id);
    link = `${scope.siteUrl}/?attachment_id=${row.id}`;
    isLocked = false;
  } else {
    const record = await readablePost(scope, target.id);
    ({ row, link } = record);
    isLocked = locked(scope, row);
  }
  const excerpt = isLocked ? paragraph('This content is password protected.') : trusted(renderedExcerpt(row, passwordRequest(scope, row)));
  const body = embedDocument({ lang: langOf(scope.options), siteName: scope.options.title, homeUrl: `${scope.siteUrl}/`, title: titleOf(row), link, excerpt });
  return { status: 200, body, links: linkHeaders(scope, { route: `${REST_ROUTES[row.type]}/${row.id}` }), embed: true, unlocked: row.password !== '' && !isLocked };
}

// ------------------------------------------------------------------------------------------------
// The frame
// ------------------------------------------------------------------------------------------------

/** `en_US` → `en-US` (get_language_attributes). */
function langOf(options: SiteOptions): string {
  return (options.language || 'en_US').replace(/_/g, '-');
}

async function chrome(scope: Scope, current?: string): Promise<Chrome> {
  const home = `${scope.siteUrl}/`;
  const pages = await listPosts(scope.ctx, 'page', { context: 'view', page: 1, perPage: 10, statuses: ['publish'], order: 'asc', orderby: 'menu_order', parent: [0] });
  const nav: Chrome['nav'] = [
    { label: 'Home', href: home, current: current === home },
    ...pages.records.filter((p) => p.link !== home && p.row.password === '').map((p) => ({ label: renderedText(renderedTitle(p.row)), href: p.link, current: current === p.link })),
    { label: 'Events', href: eventsLink(scope), current: current === eventsLink(scope) },
  ];
  return { lang: langOf(scope.options), siteName: scope.options.title, tagline: scope.options.description, homeUrl: home, nav, restRoot: scope.deps.restRoot };
}

function linkHeaders(scope: Scope, page: Pick<Page, 'route' | 'shortlink'> | null): string[] {
  const links = [`<${scope.deps.restRoot}>; rel="https://api.w.org/"`];
  if (page?.route) links.push(`<${scope.deps.restUrl(page.route)}>; rel="alternate"; title="JSON"; type="application/json"`);
  if (page?.shortlink) links.push(`<${page.shortlink}>; rel=shortlink`);
  return links;
}

/** Older/newer links of a list (`/page/N/` or `paged=N`); a page past the end is a 404. */
function paginate(scope: Scope, base: string, totalPages: number): Pagination {
  if (scope.paged > Math.max(1, totalPages)) throw new NotFound();
  const at = (n: number): string => {
    if (n <= 1) return base;
    if (scope.pretty && !base.includes('?')) return `${base.replace(/\/?$/, '/')}page/${n}/`;
    return `${base}${base.includes('?') ? '&' : '?'}paged=${n}`;
  };
  return { newer: scope.paged > 1 ? at(scope.paged - 1) : undefined, older: scope.paged < totalPages ? at(scope.paged + 1) : undefined };
}

function loginUrl(scope: Scope): string {
  return `${scope.siteUrl}/wp-login.php?action=postpass`;
}

function pageNumber(text: string | null): number | null {
  return text && /^\d{1,6}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Only web addresses become links (an organizer's website could hold `javascript:`). */
function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `http://${url.replace(/^[a-z][a-z0-9+.-]*:/i, '')}`;
}
