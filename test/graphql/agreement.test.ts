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

/** publish → PUBLISH, auto-draft → AUTO_DRAFT. */
const enumCase = (v: unknown): unknown => (typeof v === 'string' ? v.toUpperCase().replace(/-/g, '_') : v);
/** WordPress's 0 for "no author / parent / media" is GraphQL's null. */
const zeroAsNull = (v: unknown): unknown => (v === 0 ? null : v);
const connectionIds = (path: string) => (node: Json): unknown => (at(node, `${path}.nodes`) as Json[] | null | undefined)?.map((n) => n.databaseId);

const CONTENT_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'title.rendered', graphql: 'title' },
  { rest: 'content.rendered', graphql: 'content' },
  { rest: 'content.protected', graphql: 'isProtected' },
  { rest: 'excerpt.rendered', graphql: 'excerpt' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'status', graphql: 'status', asGraphQL: enumCase },
  { rest: 'date', graphql: 'date' },
  { rest: 'date_gmt', graphql: 'dateGmt' },
  { rest: 'modified', graphql: 'modified' },
  { rest: 'modified_gmt', graphql: 'modifiedGmt' },
  { rest: 'link', graphql: 'link' },
  { rest: 'guid.rendered', graphql: 'guid' },
  { rest: 'type', graphql: 'contentTypeName' },
  { rest: 'author', graphql: 'authorDatabaseId', asGraphQL: zeroAsNull },
  { rest: 'featured_media', graphql: 'featuredImageDatabaseId', asGraphQL: zeroAsNull },
  { rest: 'comment_status', graphql: 'commentStatus', asGraphQL: enumCase },
  { rest: 'ping_status', graphql: 'pingStatus', asGraphQL: enumCase },
  { rest: 'template', graphql: 'template' },
];

const TYPE_PAIRS: Record<PostType, Pair[]> = {
  post: [
    { rest: 'categories', graphql: 'categories.nodes[].databaseId', read: connectionIds('categories') },
    { rest: 'tags', graphql: 'tags.nodes[].databaseId', read: connectionIds('tags') },
    { rest: 'sticky', graphql: 'isSticky' },
    { rest: 'format', graphql: 'postFormat', asGraphQL: enumCase },
  ],
  page: [
    { rest: 'parent', graphql: 'parentDatabaseId', asGraphQL: zeroAsNull },
    { rest: 'menu_order', graphql: 'menuOrder' },
  ],
};

/** REST's edit context (editors only) against the RAW format of the same field. */
const RAW_PAIRS: Pair[] = [
  { rest: 'title.raw', graphql: 'titleRaw' },
  { rest: 'content.raw', graphql: 'contentRaw' },
  { rest: 'excerpt.raw', graphql: 'excerptRaw' },
];

const TERM_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'name', graphql: 'name' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'count', graphql: 'count' },
  { rest: 'description', graphql: 'description' },
  { rest: 'link', graphql: 'link' },
  { rest: 'taxonomy', graphql: 'taxonomyName' },
];
const CATEGORY_PAIRS: Pair[] = [...TERM_PAIRS, { rest: 'parent', graphql: 'parentDatabaseId', asGraphQL: zeroAsNull }];

const PUBLIC_USER_PAIRS: Pair[] = [
  { rest: 'id', graphql: 'databaseId' },
  { rest: 'name', graphql: 'name' },
  { rest: 'slug', graphql: 'slug' },
  { rest: 'link', graphql: 'link' },
  { rest: 'description', graphql: 'description' },
  { rest: 'url', graphql: 'url' },
  { rest: 'avatar_urls.96', graphql: 'avatarUrl' },
];
/** The edit context's account fields. */
const ACCOUNT_USER_PAIRS: Pair[] = [
  { rest: 'username', graphql: 'username' },
  { rest: 'email', graphql: 'email' },
  { rest: 'first_name', graphql: 'firstName' },
  { rest: 'last_name', graphql: 'lastName' },
  { rest: 'nickname', graphql: 'nickname' },
  { rest: 'locale', graphql: 'locale' },
  { rest: 'roles', graphql: 'roles' },
  { rest: 'registered_date', graphql: 'registeredDate' },
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
  return pairs.filter((p) => at(graphql, p.graphql) !== null).map((p) => `${label}: ${p.graphql} must be null, got ${JSON.stringify(at(graphql, p.graphql))}`);
}

// ---------------------------------------------------------------------------------------------
// GraphQL documents
// ---------------------------------------------------------------------------------------------

const CONTENT_FIELDS = `
  databaseId title content isProtected excerpt slug status date dateGmt modified modifiedGmt link guid contentTypeName
  authorDatabaseId featuredImageDatabaseId commentStatus pingStatus template
  titleRaw: title(format: RAW) contentRaw: content(format: RAW) excerptRaw: excerpt(format: RAW)`;
const POST_FIELDS = `${CONTENT_FIELDS} categories(first: 100) { nodes { databaseId } } tags(first: 100) { nodes { databaseId } } isSticky postFormat`;
const PAGE_FIELDS = `${CONTENT_FIELDS} parentDatabaseId menuOrder`;

const SINGLE: Record<PostType, string> = {
  post: `query ($id: ID!) { node: post(id: $id, idType: DATABASE_ID) { ${POST_FIELDS} } }`,
  page: `query ($id: ID!) { node: page(id: $id, idType: DATABASE_ID) { ${PAGE_FIELDS} } }`,
};

const LIST: Record<PostType, string> = {
  post: `query ($where: PostObjectsWhereArgs, $first: Int, $after: String) {
    list: posts(where: $where, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { databaseId } } }`,
  page: `query ($where: PostObjectsWhereArgs, $first: Int, $after: String) {
    list: pages(where: $where, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { databaseId } } }`,
};

const TERM_FIELDS = 'databaseId name slug count description link taxonomyName';
const TERM_LIST = {
  categories: `query ($where: TermObjectsWhereArgs) { list: categories(first: 100, where: $where) { totalCount nodes { ${TERM_FIELDS} parentDatabaseId } } }`,
  tags: `query ($where: TermObjectsWhereArgs) { list: tags(first: 100, where: $where) { totalCount nodes { ${TERM_FIELDS} } } }`,
} as const;

const USER_FIELDS = 'databaseId name slug link description url avatarUrl username email firstName lastName nickname locale roles registeredDate';
const USER_LIST = `query ($where: UserObjectsWhereArgs) { list: users(first: 100, where: $where) { totalCount nodes { ${USER_FIELDS} } } }`;
const USER_SINGLE = `query ($id: ID!) { node: user(id: $id, idType: DATABASE_ID) { ${USER_FIELDS} } }`;

const SETTINGS = `{
  generalSettings { title description url email timezone dateFormat timeFormat startOfWeek language }
  readingSettings { postsPerPage showOnFront pageOnFront pageForPosts }
  writingSettings { defaultCategory defaultPostFormat useSmilies }
  discussionSettings { defaultCommentStatus defaultPingStatus } }`;

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
  });
  afterAll(() => t.close());

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
        problems.push(...disagreements(label, [...CONTENT_PAIRS, ...TYPE_PAIRS[type]], view.body, node));
        if (viewer === 'admin') {
          const edit = await restOk(`${API}/${type}s/${recordId}?context=edit`, viewer);
          problems.push(...disagreements(label, RAW_PAIRS, edit.body, node));
        } else {
          problems.push(...notNull(label, RAW_PAIRS, node));
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
      expect(node.content).toBe('');
      expect(node.isProtected).toBe(true);
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

    const LIST_CASES: ListCase[] = [
      { name: 'default order', type: 'post', rest: () => '', where: () => ({}) },
      { name: 'search', type: 'post', rest: () => 'search=agreement', where: () => ({ search: 'agreement' }) },
      { name: 'categories filter', type: 'post', rest: () => `categories=${id.parentCategory}`, where: () => ({ categories: { terms: [id.parentCategory] } }) },
      {
        name: 'categories with children',
        type: 'post',
        rest: () => `categories[terms]=${id.parentCategory}&categories[include_children]=true`,
        where: () => ({ categories: { terms: [id.parentCategory], includeChildren: true } }),
      },
      {
        name: 'categories AND',
        type: 'post',
        rest: () => `categories[terms]=${id.parentCategory},${id.childCategory}&categories[operator]=AND`,
        where: () => ({ categories: { terms: [id.parentCategory, id.childCategory], operator: 'AND' } }),
      },
      { name: 'tags with include_children (refused: tags are flat)', type: 'post', rest: () => `tags[terms]=${id.tagA}&tags[include_children]=true`, where: () => ({ tags: { terms: [id.tagA], includeChildren: true } }) },
      { name: 'tags_exclude', type: 'post', rest: () => `tags_exclude=${id.tagA}`, where: () => ({ tagsExclude: { terms: [id.tagA] } }) },
      { name: 'orderby title asc', type: 'post', rest: () => 'orderby=title&order=asc', where: () => ({ orderby: 'TITLE', order: 'ASC' }) },
      { name: 'author', type: 'post', rest: () => `author=${authorAccount.id}`, where: () => ({ author: [authorAccount.id] }) },
      {
        name: 'include + orderby include',
        type: 'post',
        rest: () => `include=${id.aside},${id.terms},${id.draft},${id.sticky}&orderby=include`,
        where: () => ({ include: [id.aside, id.terms, id.draft, id.sticky], orderby: 'INCLUDE' }),
      },
      { name: 'sticky only', type: 'post', rest: () => 'sticky=true', where: () => ({ sticky: true }) },
      { name: 'stickies first (ignore_sticky=false)', type: 'post', rest: () => 'ignore_sticky=false', where: () => ({ ignoreSticky: false }) },
      { name: 'format aside', type: 'post', rest: () => 'format=aside', where: () => ({ format: ['ASIDE'] }) },
      { name: 'status draft', type: 'post', rest: () => 'status=draft', where: () => ({ status: ['DRAFT'] }) },
      { name: 'date before', type: 'post', rest: () => 'before=2025-01-01T00:00:00', where: () => ({ dateBefore: '2025-01-01T00:00:00' }) },
      { name: 'pages default order', type: 'page', rest: () => '', where: () => ({}) },
      { name: 'pages parent', type: 'page', rest: () => `parent=${id.parentPage}`, where: () => ({ parent: [id.parentPage] }) },
      { name: 'pages top level', type: 'page', rest: () => 'parent=0', where: () => ({ parent: [0] }) },
      {
        name: 'pages parent by menu_order',
        type: 'page',
        rest: () => `parent=${id.parentPage}&orderby=menu_order&order=asc`,
        where: () => ({ parent: [id.parentPage], orderby: 'MENU_ORDER', order: 'ASC' }),
      },
      { name: 'pages menu_order value', type: 'page', rest: () => 'menu_order=2', where: () => ({ menuOrder: 2 }) },
    ];

    const cases = LIST_CASES.flatMap((c) => VIEWERS.map((viewer) => [c.name, viewer, c] as const));

    it.each(cases)('%s (%s): same ids, same order, same total', async (_name, viewer, c) => {
      const view = await rest(`${API}/${c.type}s?per_page=100&_fields=id&${c.rest()}`, viewer);
      const result = await run<{ list: { totalCount: number; nodes: Json[] } | null }>(clients[viewer], LIST[c.type], { where: c.where(), first: 100 }).catch((e: Error) => e);
      if (view.status !== 200) {
        // REST refuses the query (e.g. status=draft for anonymous): GraphQL must refuse it too.
        expect(result).toBeInstanceOf(Error);
        expect(String(result)).toContain(`"status":${view.status}`);
        return;
      }
      if (result instanceof Error) throw result;
      const restIds = (view.body as Json[]).map((r) => r.id);
      expect({ ids: result.list!.nodes.map((n) => n.databaseId), total: result.list!.totalCount }).toEqual({ ids: restIds, total: view.total });
    });

    type PostWindow = { list: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Json[] } };

    it.each(VIEWERS)('paging through posts by 4 (stickies first) gives the same windows (%s)', async (viewer) => {
      const restWindows: unknown[][] = [];
      for (let page = 1; ; page++) {
        const view = await rest(`${API}/posts?per_page=4&page=${page}&ignore_sticky=false&_fields=id`, viewer);
        if (view.status !== 200) break; // past the last page
        restWindows.push((view.body as Json[]).map((r) => r.id));
      }
      const graphqlWindows: unknown[][] = [];
      let after: string | null = null;
      for (;;) {
        const page: PostWindow = await graphql<PostWindow>(viewer, LIST.post, { where: { ignoreSticky: false }, first: 4, after });
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
      { name: 'categories of a post', taxonomy: 'categories', rest: () => `post=${id.terms}`, where: () => ({ post: id.terms }) },
      { name: 'all tags', taxonomy: 'tags', rest: () => '', where: () => ({}) },
      { name: 'tags search', taxonomy: 'tags', rest: () => 'search=ra', where: () => ({ search: 'ra' }) },
      { name: 'tags by name desc', taxonomy: 'tags', rest: () => 'orderby=name&order=desc', where: () => ({ orderby: 'NAME', order: 'DESC' }) },
    ];
    const cases = TERM_CASES.flatMap((c) => VIEWERS.map((viewer) => [c.name, viewer, c] as const));

    it.each(cases)('%s (%s): same terms, same fields, same total', async (_name, viewer, c) => {
      const view = await restOk(`${API}/${c.taxonomy}?per_page=100&${c.rest()}`, viewer);
      const { list } = await graphql<{ list: { totalCount: number; nodes: Json[] } }>(viewer, TERM_LIST[c.taxonomy], { where: c.where() });
      const restTerms = view.body as Json[];
      expect(list.nodes.map((n) => n.databaseId)).toEqual(restTerms.map((r) => r.id));
      expect(list.totalCount).toBe(view.total);
      const pairs = c.taxonomy === 'categories' ? CATEGORY_PAIRS : TERM_PAIRS;
      expect(restTerms.flatMap((term, i) => disagreements(`${c.taxonomy} ${String(term.id)} (${viewer})`, pairs, term, list.nodes[i]))).toEqual([]);
    });
  });

  describe('users', () => {
    it('lists the same authors to anonymous readers, with the same public fields and no account fields', async () => {
      const view = await restOk(`${API}/users?per_page=100`, 'anonymous');
      const { list } = await graphql<{ list: { totalCount: number; nodes: Json[] } }>('anonymous', USER_LIST);
      const restUsers = view.body as Json[];
      expect(restUsers.map((u) => u.id)).toContain(authorAccount.id);
      expect(list.nodes.map((n) => n.databaseId)).toEqual(restUsers.map((u) => u.id));
      expect(list.totalCount).toBe(view.total);
      const problems = restUsers.flatMap((user, i) => [
        ...disagreements(`user ${String(user.id)} (anonymous)`, PUBLIC_USER_PAIRS, user, list.nodes[i]),
        ...notNull(`user ${String(user.id)} (anonymous)`, ACCOUNT_USER_PAIRS, list.nodes[i]),
      ]);
      expect(problems).toEqual([]);
    });

    it('lists every account to the administrator, with the same edit-context fields', async () => {
      const view = await restOk(`${API}/users?per_page=100&context=edit`, 'admin');
      const { list } = await graphql<{ list: { totalCount: number; nodes: Json[] } }>('admin', USER_LIST);
      const restUsers = view.body as Json[];
      expect(list.nodes.map((n) => n.databaseId)).toEqual(restUsers.map((u) => u.id));
      expect(list.totalCount).toBe(view.total);
      const pairs = [...PUBLIC_USER_PAIRS, ...ACCOUNT_USER_PAIRS];
      expect(restUsers.flatMap((user, i) => disagreements(`user ${String(user.id)} (admin)`, pairs, user, list.nodes[i]))).toEqual([]);
    });

    const USER_CASES: Array<{ name: string; rest: () => string; where: () => Json }> = [
      { name: 'search', rest: () => 'search=agnes', where: () => ({ search: 'agnes' }) },
      { name: 'orderby name desc', rest: () => 'orderby=name&order=desc', where: () => ({ orderby: 'NAME', order: 'DESC' }) },
      { name: 'include + orderby include', rest: () => `include=${authorAccount.id},1&orderby=include`, where: () => ({ include: [authorAccount.id, 1], orderby: 'INCLUDE' }) },
      { name: 'slug', rest: () => 'slug=agnes', where: () => ({ slug: ['agnes'] }) },
    ];
    const cases = USER_CASES.flatMap((c) => VIEWERS.map((viewer) => [c.name, viewer, c] as const));

    it.each(cases)('user filter %s (%s): same ids and total', async (_name, viewer, c) => {
      const view = await restOk(`${API}/users?per_page=100&_fields=id&${c.rest()}`, viewer);
      const { list } = await graphql<{ list: { totalCount: number; nodes: Json[] } }>(viewer, USER_LIST, { where: c.where() });
      expect({ ids: list.nodes.map((n) => n.databaseId), total: list.totalCount }).toEqual({ ids: (view.body as Json[]).map((u) => u.id), total: view.total });
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
        problems.push(...(viewer === 'admin' ? disagreements(label, ACCOUNT_USER_PAIRS, view.body, node!) : notNull(label, ACCOUNT_USER_PAIRS, node!)));
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
      // The settings route itself is for administrators only.
      expect((await rest(`${API}/settings`, 'anonymous')).status).toBe(401);
    });
  });
});
