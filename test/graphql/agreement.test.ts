/**
 * Same answers on both faces: a varied site is written over REST, then every record and a set of
 * collection queries are read over REST and over GraphQL (an independent urql client), as an
 * anonymous visitor and as the administrator, and compared field by field. REST is the reference;
 * each disagreement is reported with the REST field, the GraphQL field and both values.
 */
import type { Client } from '@urql/core';
import { basicAuth, startTestApp, type TestApp } from '../support/app';
import { listen, run } from './client';

type Json = Record<string, unknown>;
type Viewer = 'anonymous' | 'admin';
type PostType = 'post' | 'page';

const API = '/wp-json/core/v2';
const VIEWERS: Viewer[] = ['anonymous', 'admin'];

// ---------------------------------------------------------------------------------------------
// Field tables: which REST field carries the same value as which GraphQL field
// ---------------------------------------------------------------------------------------------

/** Reads a dotted path (`title.rendered`) out of a decoded body. */
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v === null || v === undefined ? undefined : (v as Json)[key]), value);
}

/** One shared field: where REST and GraphQL keep it, and how REST's value is spelt in GraphQL. */
interface Pair {
  rest: string;
  graphql: string;
  /** REST's value in GraphQL's form (enum case, 0 for "none" as null, term ids out of a connection...). */
  asGraphQL?: (restValue: unknown) => unknown;
  /** Reads the GraphQL side when it is not a plain path. */
  read?: (node: Json) => unknown;
}

/** WordPress's 0 for "no author / parent / media / order" is WPGraphQL's null. */
const zeroAsNull = (v: unknown): unknown => (v === 0 ? null : v);
/** WPGraphQL's models answer null where WordPress has an empty string (raw text, descriptions, names). */
const emptyAsNull = (v: unknown): unknown => (v === '' ? null : v);
/** A permalink without the site's address: WPGraphQL's `uri` (str_ireplace(home_url(), '', link)), so a draft's `/?p=<id>` keeps its query. */
const pathOf = (v: unknown): unknown => (typeof v === 'string' ? new URL(v).pathname + new URL(v).search : v);
/** REST's empty template is WPGraphQL's DefaultTemplate. */
const templateName = (v: unknown): unknown => (v === '' ? 'Default' : v);
/** The database ids of a connection's nodes. */
const connectionIds = (path: string) => (node: Json): unknown => (at(node, `${path}.nodes`) as Json[] | null | undefined)?.map((n) => n.databaseId);
/** events/v1 leaves an empty optional field out of the record; WPGraphQL's models answer null. */
const absentAsNull = (v: unknown): unknown => (v === undefined || v === '' ? null : v);
/** REST's list of objects with ids (events/v1's organizers and categories) as a list of ids. */
const idsOf = (v: unknown): unknown => (Array.isArray(v) ? v.map((o: Json) => o.id) : v);

const CONTENT_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'title.rendered', graphql: 'title', asGraphQL: emptyAsNull },
  { rest: 'content.rendered', graphql: 'content', asGraphQL: emptyAsNull },
  { rest: 'content.protected', graphql: 'hasPassword' },
  { rest: 'slug', graphql: 'slug', asGraphQL: emptyAsNull },
  { rest: 'status', graphql: 'status' },
  { rest: 'date', graphql: 'date' },
  { rest: 'date_gmt', graphql: 'dateGmt' },
  { rest: 'modified', graphql: 'modified' },
  { rest: 'modified_gmt', graphql: 'modifiedGmt' },
  { rest: 'link', graphql: 'link' },
  { rest: 'link', graphql: 'uri', asGraphQL: pathOf },
  { rest: 'guid.rendered', graphql: 'guid' },
  { rest: 'type', graphql: 'contentTypeName' },
  { rest: 'author', graphql: 'authorDatabaseId', asGraphQL: zeroAsNull },
  { rest: 'featured_media', graphql: 'featuredImageDatabaseId', asGraphQL: zeroAsNull },
  { rest: 'comment_status', graphql: 'commentStatus' },
  { rest: 'template', graphql: 'template.templateName', asGraphQL: templateName },
];

const TYPE_PAIRS: Record<PostType, Pair[]> = {
  post: [
    { rest: 'excerpt.rendered', graphql: 'excerpt' },
    { rest: 'categories', graphql: 'categories.nodes[].databaseId', read: connectionIds('categories') },
    { rest: 'tags', graphql: 'tags.nodes[].databaseId', read: connectionIds('tags') },
    { rest: 'sticky', graphql: 'isSticky' },
    { rest: 'ping_status', graphql: 'pingStatus' },
    // The standard format is no post_format term; others are the term `post-format-<format>`.
    { rest: 'format', graphql: 'postFormats.nodes[].slug', asGraphQL: (v) => (v === 'standard' ? [] : [`post-format-${String(v)}`]), read: (n) => (at(n, 'postFormats.nodes') as Json[] | undefined)?.map((f) => f.slug) },
  ],
  page: [
    { rest: 'parent', graphql: 'parentDatabaseId', asGraphQL: zeroAsNull },
    { rest: 'menu_order', graphql: 'menuOrder', asGraphQL: zeroAsNull },
  ],
};

/** REST's edit context (editors only) against the RAW format of the same field (pages have no excerpt on WPGraphQL). */
const RAW_PAIRS: Record<PostType, Pair[]> = {
  page: [
    { rest: 'title.raw', graphql: 'titleRaw', asGraphQL: emptyAsNull },
    { rest: 'content.raw', graphql: 'contentRaw', asGraphQL: emptyAsNull },
  ],
  post: [
    { rest: 'title.raw', graphql: 'titleRaw', asGraphQL: emptyAsNull },
    { rest: 'content.raw', graphql: 'contentRaw', asGraphQL: emptyAsNull },
    { rest: 'excerpt.raw', graphql: 'excerptRaw', asGraphQL: emptyAsNull },
  ],
};

const TERM_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'name', graphql: 'name' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'count', graphql: 'count', asGraphQL: zeroAsNull },
  { rest: 'description', graphql: 'description', asGraphQL: emptyAsNull },
  { rest: 'link', graphql: 'link' },
  { rest: 'link', graphql: 'uri', asGraphQL: pathOf },
  { rest: 'taxonomy', graphql: 'taxonomyName' },
];
const CATEGORY_PAIRS: Pair[] = [...TERM_PAIRS, { rest: 'parent', graphql: 'parentDatabaseId', asGraphQL: zeroAsNull }];

/** What WPGraphQL's User model lets anyone read (its allowed restricted fields). */
const PUBLIC_USER_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'name', graphql: 'name', asGraphQL: emptyAsNull },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'link', graphql: 'uri', asGraphQL: pathOf },
  { rest: 'description', graphql: 'description', asGraphQL: emptyAsNull },
  { rest: 'url', graphql: 'url', asGraphQL: emptyAsNull },
  { rest: 'avatar_urls.96', graphql: 'avatar.url' },
];
/** The edit context's account fields (WPGraphQL: for those who may list users, or the user). */
const ACCOUNT_USER_PAIRS: Pair[] = [
  { rest: 'username', graphql: 'username' },
  { rest: 'email', graphql: 'email' },
  { rest: 'nickname', graphql: 'nickname', asGraphQL: emptyAsNull },
  { rest: 'locale', graphql: 'locale' },
  { rest: 'roles', graphql: 'roles.nodes[].name', read: (n) => (at(n, 'roles.nodes') as Json[] | null | undefined)?.map((r) => r.name) ?? null },
  { rest: 'registered_date', graphql: 'registeredDate' },
];
/** Public on WPGraphQL, edit context on REST: compared for the administrator. */
const NAME_USER_PAIRS: Pair[] = [
  { rest: 'first_name', graphql: 'firstName', asGraphQL: emptyAsNull },
  { rest: 'last_name', graphql: 'lastName', asGraphQL: emptyAsNull },
];

/** REST settings → GraphQL settings groups (as the administrator). */
const SETTINGS_PAIRS: Pair[] = [
  { rest: 'title', graphql: 'generalSettings.title' },
  { rest: 'description', graphql: 'generalSettings.description' },
  { rest: 'url', graphql: 'generalSettings.url' },
  { rest: 'email', graphql: 'generalSettings.email' },
  { rest: 'timezone', graphql: 'generalSettings.timezone' },
  { rest: 'date_format', graphql: 'generalSettings.dateFormat' },
  { rest: 'time_format', graphql: 'generalSettings.timeFormat' },
  { rest: 'start_of_week', graphql: 'generalSettings.startOfWeek' },
  { rest: 'language', graphql: 'generalSettings.language' },
  { rest: 'posts_per_page', graphql: 'readingSettings.postsPerPage' },
  { rest: 'show_on_front', graphql: 'readingSettings.showOnFront' },
  { rest: 'page_on_front', graphql: 'readingSettings.pageOnFront' },
  { rest: 'page_for_posts', graphql: 'readingSettings.pageForPosts' },
  { rest: 'default_category', graphql: 'writingSettings.defaultCategory' },
  { rest: 'default_post_format', graphql: 'writingSettings.defaultPostFormat' },
  { rest: 'use_smilies', graphql: 'writingSettings.useSmilies' },
  { rest: 'default_comment_status', graphql: 'discussionSettings.defaultCommentStatus' },
  { rest: 'default_ping_status', graphql: 'discussionSettings.defaultPingStatus' },
  { rest: 'title', graphql: 'allSettings.generalSettingsTitle' },
  { rest: 'posts_per_page', graphql: 'allSettings.readingSettingsPostsPerPage' },
];

/** core/v2 menus (admin) ↔ Menu. */
const MENU_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'name', graphql: 'name' },
  { rest: 'slug', graphql: 'slug' },
  // WPGraphQL's Menu model answers null, not [], for a menu at no location.
  { rest: 'locations', graphql: 'locations', asGraphQL: (v) => (Array.isArray(v) ? (v.length ? v.map((l: string) => l.toUpperCase()) : null) : v) },
];
/** core/v2 menu-items (admin) ↔ MenuItem. */
const MENU_ITEM_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'title.rendered', graphql: 'label' },
  { rest: 'url', graphql: 'url' },
  { rest: 'menu_order', graphql: 'order' },
  { rest: 'parent', graphql: 'parentDatabaseId' },
  { rest: 'target', graphql: 'target', asGraphQL: emptyAsNull },
  { rest: 'attr_title', graphql: 'title', asGraphQL: emptyAsNull },
  { rest: 'description', graphql: 'description', asGraphQL: emptyAsNull },
  { rest: 'classes', graphql: 'cssClasses', asGraphQL: (v) => (Array.isArray(v) ? v.filter((c) => c !== '') : v) },
  { rest: 'menus', graphql: 'menu.node.databaseId' },
];

/** events/v1 ↔ ql-events' Event. */
const EVENT_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'title', graphql: 'title' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'url', graphql: 'link' },
  { rest: 'status', graphql: 'status' },
  { rest: 'start_date', graphql: 'startDate' },
  { rest: 'end_date', graphql: 'endDate' },
  { rest: 'timezone', graphql: 'timezone' },
  { rest: 'all_day', graphql: 'allDay' },
  { rest: 'featured', graphql: 'featured' },
  { rest: 'venue.id', graphql: 'venue.databaseId' },
  { rest: 'organizer', graphql: 'organizers.nodes[].databaseId', asGraphQL: idsOf, read: connectionIds('organizers') },
  { rest: 'categories', graphql: 'eventsCategories.nodes[].databaseId', asGraphQL: idsOf, read: connectionIds('eventsCategories') },
];
const VENUE_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'venue', graphql: 'title' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'url', graphql: 'link' },
  { rest: 'address', graphql: 'address' },
  { rest: 'city', graphql: 'city' },
  { rest: 'country', graphql: 'country' },
  { rest: 'state', graphql: 'state' },
  { rest: 'zip', graphql: 'zip' },
];
const ORGANIZER_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'organizer', graphql: 'title' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'url', graphql: 'link' },
  { rest: 'email', graphql: 'email', asGraphQL: absentAsNull },
  { rest: 'website', graphql: 'website', asGraphQL: absentAsNull },
  { rest: 'phone', graphql: 'phone', asGraphQL: absentAsNull },
];

/** Every pair whose values differ, as `label: rest ↔ graphql: REST <v> vs GraphQL <v>`. */
function disagreements(label: string, pairs: Pair[], rest: unknown, graphql: Json): string[] {
  const found: string[] = [];
  for (const pair of pairs) {
    const expected = (pair.asGraphQL ?? ((v) => v))(at(rest, pair.rest));
    const actual = pair.read ? pair.read(graphql) : at(graphql, pair.graphql);
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      found.push(`${label}: ${pair.rest} ↔ ${pair.graphql}: REST ${JSON.stringify(expected)} vs GraphQL ${JSON.stringify(actual)}`);
    }
  }
  return found;
}

/** Pairs that must be null on GraphQL (raw fields for readers who may not edit). */
function notNull(label: string, pairs: Pair[], graphql: Json): string[] {
  return pairs.filter((p) => (p.read ? p.read(graphql) : at(graphql, p.graphql)) !== null).map((p) => `${label}: ${p.graphql} must be null, got ${JSON.stringify(at(graphql, p.graphql))}`);
}

// ---------------------------------------------------------------------------------------------
// GraphQL documents
// ---------------------------------------------------------------------------------------------

const CONTENT_FIELDS = `
  databaseId title content hasPassword slug status date dateGmt modified modifiedGmt link uri guid contentTypeName
  authorDatabaseId featuredImageDatabaseId commentStatus template { templateName }
  titleRaw: title(format: RAW) contentRaw: content(format: RAW)`;
const POST_FIELDS = `${CONTENT_FIELDS} excerpt excerptRaw: excerpt(format: RAW) categories(first: 100) { nodes { databaseId } } tags(first: 100) { nodes { databaseId } } isSticky pingStatus postFormats { nodes { slug } }`;
const PAGE_FIELDS = `${CONTENT_FIELDS} parentDatabaseId menuOrder`;

const SINGLE: Record<PostType, string> = {
  post: `query ($id: ID!) { node: post(id: $id, idType: DATABASE_ID) { ${POST_FIELDS} } }`,
  page: `query ($id: ID!) { node: page(id: $id, idType: DATABASE_ID) { ${PAGE_FIELDS} } }`,
};

const LIST: Record<PostType, string> = {
  post: `query ($where: RootQueryToPostConnectionWhereArgs, $first: Int, $after: String) {
    list: posts(where: $where, first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { databaseId } } }`,
  page: `query ($where: RootQueryToPageConnectionWhereArgs, $first: Int, $after: String) {
    list: pages(where: $where, first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { databaseId } } }`,
};

const TERM_FIELDS = 'databaseId name slug count description link uri taxonomyName';
const TERM_LIST = {
  categories: `query ($where: RootQueryToCategoryConnectionWhereArgs) { list: categories(first: 100, where: $where) { nodes { ${TERM_FIELDS} parentDatabaseId } } }`,
  tags: `query ($where: RootQueryToTagConnectionWhereArgs) { list: tags(first: 100, where: $where) { nodes { ${TERM_FIELDS} } } }`,
} as const;

const USER_FIELDS = 'databaseId name slug uri description url avatar { url } username email firstName lastName nickname locale roles { nodes { name } } registeredDate';
const USER_LIST = `query ($where: RootQueryToUserConnectionWhereArgs) { list: users(first: 100, where: $where) { nodes { ${USER_FIELDS} } } }`;
/**
 * REST lists users by name by default; WPGraphQL leaves WP_User_Query's default (user_login), so a
 * list compared with REST's default asks for the display name order explicitly.
 */
const BY_NAME = { orderby: [{ field: 'DISPLAY_NAME', order: 'ASC' }] };
const USER_SINGLE = `query ($id: ID!) { node: user(id: $id, idType: DATABASE_ID) { ${USER_FIELDS} } }`;

const SETTINGS = `{
  generalSettings { title description url email timezone dateFormat timeFormat startOfWeek language }
  readingSettings { postsPerPage showOnFront pageOnFront pageForPosts }
  writingSettings { defaultCategory defaultPostFormat useSmilies }
  discussionSettings { defaultCommentStatus defaultPingStatus }
  allSettings { generalSettingsTitle readingSettingsPostsPerPage } }`;

const MENUS = `{ menus(first: 10) { nodes { databaseId name slug locations
  menuItems(first: 20) { nodes { databaseId label url order parentDatabaseId target title description cssClasses menu { node { databaseId } } } } } } }`;

const EVENT_FIELDS = `databaseId title slug link status startDate endDate timezone allDay featured
  venue { databaseId } organizers(first: 10) { nodes { databaseId } } eventsCategories(first: 10) { nodes { databaseId } }`;
/** events/v1 lists by start date ascending; ql-events' default is the event date descending, so the order is asked for. */
const EVENTS = `query ($first: Int) { events(first: $first, where: { orderby: [{ field: START_DATE, order: ASC }] }) { nodes { ${EVENT_FIELDS} } } }`;
const VENUES = '{ venues(first: 100) { nodes { databaseId title slug link address city country state zip } } }';
const ORGANIZERS = '{ organizers(first: 100) { nodes { databaseId title slug link email website phone } } }';

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

describe('REST and GraphQL give the same answers', () => {
  let t: TestApp;
  const clients = {} as Record<Viewer, Client>;
  const auths = {} as Record<Viewer, string | undefined>;

  /** Records written in beforeAll, by name. */
  const id: Record<string, number> = {};
  let authorAccount: { id: number; auth: string };

  async function rest(path: string, viewer: Viewer): Promise<{ status: number; body: unknown; total: number | null }> {
    const req = t.request.get(path);
    if (auths[viewer]) req.set('Authorization', auths[viewer]!);
    const res = await req;
    const total = res.headers['x-wp-total'];
    return { status: res.status, body: res.body, total: total === undefined ? null : Number(total) };
  }

  async function restOk(path: string, viewer: Viewer): Promise<{ body: unknown; total: number | null }> {
    const res = await rest(path, viewer);
    if (res.status !== 200) throw new Error(`GET ${path} as ${viewer}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  async function write(path: string, body: Json, auth = t.adminAuth): Promise<number> {
    const res = await t.request.post(path).set('Authorization', auth).send(body);
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  }

  const graphql = <T = Json>(viewer: Viewer, query: string, variables: Json = {}): Promise<T> => run<T>(clients[viewer], query, variables);

  beforeAll(async () => {
    t = await startTestApp({}, { seed: true });
    const server = await listen(t);
    auths.anonymous = undefined;
    auths.admin = t.adminAuth;
    clients.anonymous = server.client();
    clients.admin = server.client(t.adminAuth);

    // A site away from UTC, so that site-time and GMT dates differ and a mix-up shows; a title
    // and tagline of our own so that settings are not compared on defaults only.
    const settings = await t.request.post(`${API}/settings`).set('Authorization', t.adminAuth).send({ timezone: 'Europe/Paris', title: 'Agreement & Co', description: 'Both <faces> agree' });
    if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${JSON.stringify(settings.body)}`);

    const user = await write(`${API}/users`, {
      username: 'agnes', email: 'agnes@example.com', password: 'secret-pass-1', roles: ['author'],
      name: 'Agnes Author', first_name: 'Agnes', last_name: 'Author', description: 'Writes the field notes.', url: 'https://agnes.example.org',
    });
    const pw = await t.request.post(`${API}/users/${user}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'agreement' });
    authorAccount = { id: user, auth: basicAuth('agnes', pw.body.password) };

    id.parentCategory = await write(`${API}/categories`, { name: 'Field notes', description: 'Notes from the <em>field</em>.' });
    id.childCategory = await write(`${API}/categories`, { name: 'Birds', description: 'Feathered ones.', parent: id.parentCategory });
    id.tagA = await write(`${API}/tags`, { name: 'Agreement', description: 'Both faces agree.' });
    id.tagB = await write(`${API}/tags`, { name: 'Zebra crossing' });

    const posts = `${API}/posts`;
    id.terms = await write(posts, { title: 'Agreement: terms in order', content: 'Categorised & tagged.\n\nSecond paragraph.', status: 'publish', categories: [id.childCategory, id.parentCategory], tags: [id.tagB, id.tagA] });
    id.sticky = await write(posts, { title: 'A sticky announcement', content: 'Pinned to the top.', status: 'publish', sticky: true, categories: [id.parentCategory] });
    id.excerpt = await write(posts, { title: 'With a hand-written excerpt', content: 'Long body text about agreement.', excerpt: 'Short <strong>summary</strong>.', status: 'publish', tags: [id.tagA] });
    id.protected = await write(posts, { title: 'Behind a password', content: 'Secret body.', excerpt: 'Secret summary.', password: 'open sesame', status: 'publish' });
    id.draft = await write(posts, { title: 'Agreement draft', content: 'Not yet.', status: 'draft', tags: [id.tagA] });
    id.future = await write(posts, { title: 'From the future', content: 'Scheduled.', status: 'publish', date: '2099-01-02T03:04:05' });
    id.private = await write(posts, { title: 'Private thoughts', content: 'For editors.', status: 'private' });
    id.aside = await write(posts, { title: 'Zz an aside, dated', content: 'Short.', status: 'publish', format: 'aside', comment_status: 'closed', ping_status: 'closed', date: '2024-02-29T23:30:00' });
    id.byAuthor = await write(posts, { title: 'Field notes by Agnes', content: 'Seen today: a heron.', status: 'publish', categories: [id.childCategory] }, authorAccount.auth);
    id.byAuthorDraft = await write(posts, { title: 'Agnes drafting', content: 'Unfinished.', status: 'draft' }, authorAccount.auth);

    const pages = `${API}/pages`;
    id.parentPage = await write(pages, { title: 'Handbook', content: 'The handbook.', status: 'publish', menu_order: 3 });
    id.childPage2 = await write(pages, { title: 'Chapter two', content: 'Second.', status: 'publish', parent: id.parentPage, menu_order: 2 });
    id.childPage1 = await write(pages, { title: 'Chapter one', content: 'First.', excerpt: 'Where it starts.', status: 'publish', parent: id.parentPage, menu_order: 1 });
    id.draftPage = await write(pages, { title: 'Chapter three (draft)', content: 'Later.', status: 'draft', parent: id.parentPage, menu_order: 3 });

    // A menu of our own (not yet at a location), with a link to a page, a category and a custom link under it.
    id.menu = await write(`${API}/menus`, { name: 'Agreement menu' });
    id.pageItem = await write(`${API}/menu-items`, { title: 'The handbook', menus: id.menu, status: 'publish', type: 'post_type', object: 'page', object_id: id.parentPage, target: '_blank', attr_title: 'Read it', classes: ['highlight'] });
    await write(`${API}/menu-items`, { title: '', menus: id.menu, status: 'publish', type: 'taxonomy', object: 'category', object_id: id.parentCategory, parent: id.pageItem });
    await write(`${API}/menu-items`, { title: 'Elsewhere', menus: id.menu, status: 'publish', type: 'custom', url: 'https://example.org/elsewhere', description: 'Off site' });
  });
  afterAll(() => t.close());

  /**
   * REST's record as WPGraphQL answers a password-protected one: REST's view context withholds the
   * text from everybody (only the edit context shows it), while WPGraphQL's Post model shows the
   * object whole to those who may edit others' posts (the administrator here) and *restricted* to
   * the others (the anonymous viewer here): only its allow-list resolves (id, title, slug, status,
   * link, uri, post type, hasPassword, the term connections...), so the REST fields outside it are
   * expected null — REST, which has no restricted mode, still shows them (Model\Post
   * $allowed_restricted_fields; src/domain/posts/restricted.ts).
   */
  function protectedReference(view: Json, edit: Json | undefined): Json {
    if (at(view, 'content.protected') !== true) return view;
    const excerpt = edit ? at(edit, 'excerpt.rendered') : null;
    const content = edit ? at(edit, 'content.rendered') : null;
    const shown: Json = { ...view, content: { ...(view.content as Json), rendered: content }, ...(view.excerpt ? { excerpt: { ...(view.excerpt as Json), rendered: excerpt } } : {}) };
    if (edit) return shown;
    const hidden = Object.fromEntries(['date', 'date_gmt', 'modified', 'modified_gmt', 'author', 'featured_media', 'comment_status', 'ping_status'].map((k) => [k, null]));
    // guid.rendered and template.templateName read through a null object on the GraphQL side.
    return { ...shown, ...hidden, guid: { rendered: null }, template: undefined };
  }

  /** Every post or page of the site, whatever its status (the administrator's view). */
  async function everyId(type: PostType): Promise<number[]> {
    const { body } = await restOk(`${API}/${type}s?per_page=100&status=publish,future,draft,pending,private&_fields=id`, 'admin');
    return (body as Json[]).map((r) => r.id as number);
  }

  describe('single records', () => {
    const cases = (['post', 'page'] as PostType[]).flatMap((type) => VIEWERS.map((viewer) => [type, viewer] as const));

    it.each(cases)('every %s reads the same for the %s viewer', async (type, viewer) => {
      const ids = await everyId(type);
      expect(ids.length).toBeGreaterThan(type === 'post' ? 15 : 5);
      const problems: string[] = [];
      let visible = 0;
      for (const recordId of ids) {
        const label = `${type} ${recordId} (${viewer})`;
        const view = await rest(`${API}/${type}s/${recordId}`, viewer);
        const { node } = await graphql<{ node: Json | null }>(viewer, SINGLE[type], { id: String(recordId) });
        if (view.status !== 200) {
          // Hidden from REST (401/403/404) ⇒ missing on GraphQL too.
          if (node !== null) problems.push(`${label}: REST answers ${view.status} but GraphQL returns the ${type}`);
          continue;
        }
        if (node === null) {
          problems.push(`${label}: REST shows it but GraphQL returns null`);
          continue;
        }
        visible++;
        const edit = viewer === 'admin' ? await restOk(`${API}/${type}s/${recordId}?context=edit`, viewer) : null;
        problems.push(...disagreements(label, [...CONTENT_PAIRS, ...TYPE_PAIRS[type]], protectedReference(view.body as Json, edit?.body as Json | undefined), node));
        if (edit) {
          problems.push(...disagreements(label, RAW_PAIRS[type], edit.body, node));
        } else {
          problems.push(...notNull(label, RAW_PAIRS[type], node));
        }
      }
      expect(problems).toEqual([]);
      // The anonymous viewer misses the drafts, the future and the private records; the admin sees all.
      if (viewer === 'admin') expect(visible).toBe(ids.length);
      else expect(visible).toBeLessThan(ids.length);
    });

    it('hides drafts, scheduled and private posts from anonymous readers on both faces', async () => {
      for (const name of ['draft', 'future', 'private', 'byAuthorDraft']) {
        expect((await rest(`${API}/posts/${id[name]}`, 'anonymous')).status).toBe(401);
        expect((await graphql<{ node: Json | null }>('anonymous', SINGLE.post, { id: String(id[name]) })).node).toBeNull();
        expect((await rest(`${API}/posts/${id[name]}`, 'admin')).status).toBe(200);
        expect((await graphql<{ node: Json | null }>('admin', SINGLE.post, { id: String(id[name]) })).node).not.toBeNull();
      }
    });

    it('keeps the protected content behind its password for anonymous readers on both faces', async () => {
      const view = (await restOk(`${API}/posts/${id.protected}`, 'anonymous')).body as Json;
      const { node } = await graphql<{ node: Json }>('anonymous', SINGLE.post, { id: String(id.protected) });
      expect(at(view, 'content.rendered')).toBe('');
      expect(node.content).toBeNull();
      expect(node.excerpt).toBeNull();
      expect(node.hasPassword).toBe(true);
    });
  });

  describe('post and page collections', () => {
    interface ListCase {
      name: string;
      type: PostType;
      /** REST query string (the collection's parameters). */
      rest: () => string;
      /** The same filters as a GraphQL `where`. */
      where: () => Json;
    }

    // WPGraphQL's where arguments for REST's collection parameters: categoryIn is category__in
    // (no children), categoryId is `cat` (with children), orderby is a list of {field, order}.
    const LIST_CASES: ListCase[] = [
      { name: 'default order', type: 'post', rest: () => '', where: () => ({}) },
      { name: 'search', type: 'post', rest: () => 'search=agreement', where: () => ({ search: 'agreement' }) },
      { name: 'categories filter', type: 'post', rest: () => `categories=${id.parentCategory}`, where: () => ({ categoryIn: [id.parentCategory] }) },
      {
        name: 'categories with children',
        type: 'post',
        rest: () => `categories[terms]=${id.parentCategory}&categories[include_children]=true`,
        where: () => ({ categoryId: id.parentCategory }),
      },
      { name: 'category by slug with children', type: 'post', rest: () => `categories[terms]=${id.parentCategory}&categories[include_children]=true`, where: () => ({ categoryName: 'field-notes' }) },
      { name: 'tags filter', type: 'post', rest: () => `tags=${id.tagA}`, where: () => ({ tagIn: [id.tagA] }) },
      { name: 'tags_exclude', type: 'post', rest: () => `tags_exclude=${id.tagA}`, where: () => ({ tagNotIn: [id.tagA] }) },
      { name: 'orderby title asc', type: 'post', rest: () => 'orderby=title&order=asc', where: () => ({ orderby: [{ field: 'TITLE', order: 'ASC' }] }) },
      { name: 'orderby slug desc', type: 'post', rest: () => 'orderby=slug&order=desc', where: () => ({ orderby: [{ field: 'SLUG', order: 'DESC' }] }) },
      { name: 'author', type: 'post', rest: () => `author=${authorAccount.id}`, where: () => ({ author: authorAccount.id }) },
      { name: 'authorIn', type: 'post', rest: () => `author=${authorAccount.id},1`, where: () => ({ authorIn: [authorAccount.id, 1] }) },
      { name: 'author_exclude', type: 'post', rest: () => `author_exclude=${authorAccount.id}`, where: () => ({ authorNotIn: [authorAccount.id] }) },
      {
        name: 'include + orderby include',
        type: 'post',
        rest: () => `include=${id.aside},${id.terms},${id.draft},${id.sticky}&orderby=include`,
        where: () => ({ in: [id.aside, id.terms, id.draft, id.sticky], orderby: [{ field: 'IN', order: 'ASC' }] }),
      },
      { name: 'exclude', type: 'post', rest: () => `exclude=${id.aside},${id.terms}`, where: () => ({ notIn: [id.aside, id.terms] }) },
      { name: 'slug', type: 'post', rest: () => 'slug=a-sticky-announcement', where: () => ({ name: 'a-sticky-announcement' }) },
      { name: 'date before', type: 'post', rest: () => 'before=2025-01-01T00:00:00', where: () => ({ dateQuery: { before: { year: 2025, month: 1, day: 1 } } }) },
      { name: 'pages default order', type: 'page', rest: () => '', where: () => ({}) },
      { name: 'pages parent', type: 'page', rest: () => `parent=${id.parentPage}`, where: () => ({ parent: id.parentPage }) },
      { name: 'pages parentIn', type: 'page', rest: () => `parent=${id.parentPage}`, where: () => ({ parentIn: [id.parentPage] }) },
      {
        name: 'pages parent by menu_order',
        type: 'page',
        rest: () => `parent=${id.parentPage}&orderby=menu_order&order=asc`,
        where: () => ({ parent: id.parentPage, orderby: [{ field: 'MENU_ORDER', order: 'ASC' }] }),
      },
    ];

    const cases = LIST_CASES.flatMap((c) => VIEWERS.map((viewer) => [c.name, viewer, c] as const));

    it.each(cases)('%s (%s): same ids, same order', async (_name, viewer, c) => {
      const view = await restOk(`${API}/${c.type}s?per_page=100&_fields=id&${c.rest()}`, viewer);
      const result = await run<{ list: { nodes: Json[] } }>(clients[viewer], LIST[c.type], { where: c.where(), first: 100 });
      const restIds = (view.body as Json[]).map((r) => r.id);
      expect(result.list.nodes.map((n) => n.databaseId)).toEqual(restIds);
    });

    it('drafts: editors list them on both faces; WPGraphQL narrows an anonymous stati request to what may be read', async () => {
      const drafts = await restOk(`${API}/posts?per_page=100&_fields=id&status=draft`, 'admin');
      const admin = await graphql<{ list: { nodes: Json[] } }>('admin', LIST.post, { where: { stati: ['DRAFT'] }, first: 100 });
      expect(admin.list.nodes.map((n) => n.databaseId)).toEqual((drafts.body as Json[]).map((r) => r.id));
      expect((await rest(`${API}/posts?status=draft`, 'anonymous')).status).toBe(400);
      const anonymous = await graphql<{ list: { nodes: Json[] } }>('anonymous', LIST.post, { where: { stati: ['DRAFT'] }, first: 100 });
      expect(anonymous.list.nodes.map((n) => n.databaseId)).not.toContain(id.draft);
    });

    type PostWindow = { list: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Json[] } };

    it.each(VIEWERS)('paging through posts by 4 gives the same windows (%s)', async (viewer) => {
      const restWindows: unknown[][] = [];
      for (let page = 1; ; page++) {
        const view = await rest(`${API}/posts?per_page=4&page=${page}&_fields=id`, viewer);
        if (view.status !== 200) break; // past the last page
        restWindows.push((view.body as Json[]).map((r) => r.id));
      }
      const graphqlWindows: unknown[][] = [];
      let after: string | null = null;
      for (;;) {
        const page: PostWindow = await graphql<PostWindow>(viewer, LIST.post, { first: 4, after });
        const list = page.list;
        graphqlWindows.push(list.nodes.map((n) => n.databaseId));
        if (!list.pageInfo.hasNextPage) break;
        after = list.pageInfo.endCursor;
      }
      expect(restWindows.length).toBeGreaterThan(2);
      expect(graphqlWindows).toEqual(restWindows);
    });
  });

  describe('terms', () => {
    const TERM_CASES: Array<{ name: string; taxonomy: 'categories' | 'tags'; rest: () => string; where: () => Json }> = [
      { name: 'all categories', taxonomy: 'categories', rest: () => '', where: () => ({}) },
      { name: 'categories hide_empty', taxonomy: 'categories', rest: () => 'hide_empty=true', where: () => ({ hideEmpty: true }) },
      { name: 'categories under a parent', taxonomy: 'categories', rest: () => `parent=${id.parentCategory}`, where: () => ({ parent: id.parentCategory }) },
      { name: 'categories by count', taxonomy: 'categories', rest: () => 'orderby=count&order=desc', where: () => ({ orderby: 'COUNT', order: 'DESC' }) },
      { name: 'categories of a post', taxonomy: 'categories', rest: () => `post=${id.terms}`, where: () => ({ objectIds: [id.terms] }) },
      { name: 'categories by slug', taxonomy: 'categories', rest: () => 'slug=birds', where: () => ({ slug: ['birds'] }) },
      { name: 'categories include', taxonomy: 'categories', rest: () => `include=${id.childCategory},${id.parentCategory}`, where: () => ({ include: [id.childCategory, id.parentCategory] }) },
      { name: 'all tags', taxonomy: 'tags', rest: () => '', where: () => ({}) },
      { name: 'tags search', taxonomy: 'tags', rest: () => 'search=ra', where: () => ({ search: 'ra' }) },
      { name: 'tags by name desc', taxonomy: 'tags', rest: () => 'orderby=name&order=desc', where: () => ({ orderby: 'NAME', order: 'DESC' }) },
    ];
    const cases = TERM_CASES.flatMap((c) => VIEWERS.map((viewer) => [c.name, viewer, c] as const));

    it.each(cases)('%s (%s): same terms, same fields', async (_name, viewer, c) => {
      const view = await restOk(`${API}/${c.taxonomy}?per_page=100&${c.rest()}`, viewer);
      const { list } = await graphql<{ list: { nodes: Json[] } }>(viewer, TERM_LIST[c.taxonomy], { where: c.where() });
      const restTerms = view.body as Json[];
      expect(list.nodes.map((n) => n.databaseId)).toEqual(restTerms.map((r) => r.id));
      const pairs = c.taxonomy === 'categories' ? CATEGORY_PAIRS : TERM_PAIRS;
      expect(restTerms.flatMap((term, i) => disagreements(`${c.taxonomy} ${String(term.id)} (${viewer})`, pairs, term, list.nodes[i]))).toEqual([]);
    });
  });

  describe('users', () => {
    it('lists the same authors to anonymous readers, with the same public fields and no account fields', async () => {
      const view = await restOk(`${API}/users?per_page=100`, 'anonymous');
      const { list } = await graphql<{ list: { nodes: Json[] } }>('anonymous', USER_LIST, { where: BY_NAME });
      const restUsers = view.body as Json[];
      expect(restUsers.map((u) => u.id)).toContain(authorAccount.id);
      expect(list.nodes.map((n) => n.databaseId)).toEqual(restUsers.map((u) => u.id));
      const problems = restUsers.flatMap((user, i) => [
        ...disagreements(`user ${String(user.id)} (anonymous)`, PUBLIC_USER_PAIRS, user, list.nodes[i]),
        ...notNull(`user ${String(user.id)} (anonymous)`, ACCOUNT_USER_PAIRS, list.nodes[i]),
      ]);
      expect(problems).toEqual([]);
    });

    it('lists every account to the administrator, with the same edit-context fields', async () => {
      const view = await restOk(`${API}/users?per_page=100&context=edit`, 'admin');
      const { list } = await graphql<{ list: { nodes: Json[] } }>('admin', USER_LIST, { where: BY_NAME });
      const restUsers = view.body as Json[];
      expect(list.nodes.map((n) => n.databaseId)).toEqual(restUsers.map((u) => u.id));
      const pairs = [...PUBLIC_USER_PAIRS, ...ACCOUNT_USER_PAIRS, ...NAME_USER_PAIRS];
      expect(restUsers.flatMap((user, i) => disagreements(`user ${String(user.id)} (admin)`, pairs, user, list.nodes[i]))).toEqual([]);
    });

    const USER_CASES: Array<{ name: string; rest: () => string; where: () => Json }> = [
      { name: 'search', rest: () => 'search=agnes', where: () => ({ search: 'agnes' }) },
      { name: 'orderby name desc', rest: () => 'orderby=name&order=desc', where: () => ({ orderby: [{ field: 'DISPLAY_NAME', order: 'DESC' }] }) },
      { name: 'include', rest: () => `include=${authorAccount.id},1`, where: () => ({ include: [authorAccount.id, 1] }) },
      { name: 'exclude', rest: () => `exclude=${authorAccount.id}`, where: () => ({ exclude: [authorAccount.id] }) },
      { name: 'slug', rest: () => 'slug=agnes', where: () => ({ nicename: 'agnes' }) },
    ];
    const cases = USER_CASES.flatMap((c) => VIEWERS.map((viewer) => [c.name, viewer, c] as const));

    it.each(cases)('user filter %s (%s): same ids', async (_name, viewer, c) => {
      const view = await restOk(`${API}/users?per_page=100&_fields=id&${c.rest()}`, viewer);
      const { list } = await graphql<{ list: { nodes: Json[] } }>(viewer, USER_LIST, { where: { ...BY_NAME, ...c.where() } });
      expect(list.nodes.map((n) => n.databaseId)).toEqual((view.body as Json[]).map((u) => u.id));
    });

    it.each(VIEWERS)('reads each user singly the same way (%s)', async (viewer) => {
      const problems: string[] = [];
      for (const userId of [1, authorAccount.id]) {
        const view = await rest(`${API}/users/${userId}${viewer === 'admin' ? '?context=edit' : ''}`, viewer);
        const { node } = await graphql<{ node: Json | null }>(viewer, USER_SINGLE, { id: String(userId) });
        expect(view.status).toBe(200);
        expect(node).not.toBeNull();
        const label = `user ${userId} (${viewer})`;
        problems.push(...disagreements(label, PUBLIC_USER_PAIRS, view.body, node!));
        problems.push(...(viewer === 'admin' ? disagreements(label, [...ACCOUNT_USER_PAIRS, ...NAME_USER_PAIRS], view.body, node!) : notNull(label, ACCOUNT_USER_PAIRS, node!)));
      }
      expect(problems).toEqual([]);
    });
  });

  describe('settings', () => {
    it('gives the administrator the same settings on both faces', async () => {
      const view = await restOk(`${API}/settings`, 'admin');
      const data = await graphql('admin', SETTINGS);
      expect(disagreements('settings (admin)', SETTINGS_PAIRS, view.body, data)).toEqual([]);
    });

    it('gives anonymous readers the public title and tagline that the REST index shows', async () => {
      const index = await restOk('/wp-json/', 'anonymous');
      const data = await graphql<{ generalSettings: Json }>('anonymous', '{ generalSettings { title description url email } }');
      expect(data.generalSettings).toEqual({ title: at(index.body, 'name'), description: at(index.body, 'description'), url: at(index.body, 'url'), email: null });
      const all = await graphql<{ allSettings: Json }>('anonymous', '{ allSettings { generalSettingsTitle generalSettingsDescription } }');
      expect(all.allSettings).toEqual({ generalSettingsTitle: at(index.body, 'name'), generalSettingsDescription: at(index.body, 'description') });
      // The settings route itself is for administrators only.
      expect((await rest(`${API}/settings`, 'anonymous')).status).toBe(401);
    });
  });
  describe('menus and menu items', () => {
    it('gives the administrator the same menus and items on both faces', async () => {
      const menus = (await restOk(`${API}/menus?per_page=10&context=edit`, 'admin')).body as Json[];
      const data = await graphql<{ menus: { nodes: Json[] } }>('admin', MENUS);
      expect(menus.length).toBeGreaterThan(0);
      expect(data.menus.nodes.map((m) => m.databaseId)).toEqual(menus.map((m) => m.id));
      const problems: string[] = [];
      for (const [i, menu] of menus.entries()) {
        const node = data.menus.nodes[i];
        problems.push(...disagreements(`menu ${String(menu.id)}`, MENU_PAIRS, menu, node));
        const items = (await restOk(`${API}/menu-items?per_page=20&menus=${String(menu.id)}&context=edit`, 'admin')).body as Json[];
        const nodes = (node.menuItems as { nodes: Json[] }).nodes;
        expect(nodes.map((n) => n.databaseId)).toEqual(items.map((item) => item.id));
        items.forEach((item, j) => problems.push(...disagreements(`menu item ${String(item.id)}`, MENU_ITEM_PAIRS, item, nodes[j])));
      }
      expect(problems).toEqual([]);
    });

    it('shows anonymous readers the menu at a location, as WPGraphQL does, and no other', async () => {
      await t.request.post(`${API}/menus/${id.menu}`).set('Authorization', t.adminAuth).send({ locations: ['primary'] }).expect(200);
      const { menus } = await graphql<{ menus: { nodes: Json[] } }>('anonymous', '{ menus { nodes { databaseId locations } } }');
      expect(menus.nodes).toEqual([{ databaseId: id.menu, locations: ['PRIMARY'] }]);
      const items = (await restOk(`${API}/menu-items?per_page=100&menus=${id.menu}`, 'admin')).body as Json[];
      const { menuItems } = await graphql<{ menuItems: { nodes: Json[] } }>('anonymous', '{ menuItems(first: 100, where: { location: PRIMARY }) { nodes { databaseId label url } } }');
      expect(menuItems.nodes).toEqual(items.map((item) => ({ databaseId: item.id, label: at(item, 'title.rendered'), url: item.url })));
    });
  });

  describe('events, venues and organizers', () => {
    it('lists the same events as events/v1, with the same fields', async () => {
      const view = (await restOk('/wp-json/events/v1/events?per_page=20', 'anonymous')).body as { events: Json[] };
      const data = await graphql<{ events: { nodes: Json[] } }>('anonymous', EVENTS, { first: 20 });
      expect(view.events.length).toBeGreaterThanOrEqual(3);
      expect(data.events.nodes.map((e) => e.databaseId)).toEqual(view.events.map((e) => e.id));
      expect(view.events.flatMap((event, i) => disagreements(`event ${String(event.id)}`, EVENT_PAIRS, event, data.events.nodes[i]))).toEqual([]);
    });

    it('reads every venue and organizer the same way', async () => {
      const venues = ((await restOk('/wp-json/events/v1/venues?per_page=50', 'anonymous')).body as { venues: Json[] }).venues;
      const organizers = ((await restOk('/wp-json/events/v1/organizers?per_page=50', 'anonymous')).body as { organizers: Json[] }).organizers;
      const v = await graphql<{ venues: { nodes: Json[] } }>('anonymous', VENUES);
      const o = await graphql<{ organizers: { nodes: Json[] } }>('anonymous', ORGANIZERS);
      const byId = (nodes: Json[]) => new Map(nodes.map((n) => [n.databaseId, n]));
      const venueNodes = byId(v.venues.nodes);
      const organizerNodes = byId(o.organizers.nodes);
      expect([...venueNodes.keys()].sort()).toEqual(venues.map((x) => x.id).sort());
      expect([...organizerNodes.keys()].sort()).toEqual(organizers.map((x) => x.id).sort());
      const problems = [
        ...venues.flatMap((x) => disagreements(`venue ${String(x.id)}`, VENUE_PAIRS, x, venueNodes.get(x.id)!)),
        ...organizers.flatMap((x) => disagreements(`organizer ${String(x.id)}`, ORGANIZER_PAIRS, x, organizerNodes.get(x.id)!)),
      ];
      expect(problems).toEqual([]);
    });
  });
});
