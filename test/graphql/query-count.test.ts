/**
 * No N+1 over GraphQL: every list or connection field nested under a list costs the same number
 * of SQL statements for 10 parents as for 100 — posts (and contentNodes) with their author, terms,
 * featured image and revisions; pages with parents, children and revisions; users and terms with
 * their posts; categories with their children; menus with their items, the items' children and
 * linked nodes; events with their venue, organizers and categories. Every relation is loaded by
 * the domain's per-request DataLoaders. Counted, not guessed; the figures are printed.
 */
import { insertManyEvents } from '../../src/domain/events';
import { startTestApp, type TestApp } from '../support/app';
import { listen, run, type GraphQLTestServer } from './client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROWS = 100;

interface Case {
  name: string;
  query: string;
  /** The top-level list of an answer. */
  list: (data: Json) => Json[];
  /** Every nested relation of an item really was resolved (a query that skipped one would count fewer statements). */
  resolved: (item: Json) => boolean;
  /** Anonymous (the default) or as the administrator (revisions, menus without a location). */
  admin?: boolean;
}

const CASES: Case[] = [
  {
    name: 'posts: author, categories, tags, featured image',
    query: `query ($first: Int!) { posts(first: $first) { nodes { databaseId title date uri
      author { node { databaseId name uri } }
      categories { nodes { databaseId name uri parent { node { name } } } }
      tags { nodes { databaseId name } }
      featuredImage { node { databaseId sourceUrl mimeType thumb: sourceUrl(size: THUMBNAIL) altText mediaDetails { sizes { name sourceUrl width height } } } } } } }`,
    list: (d) => d.posts.nodes,
    resolved: (n) =>
      n.author && n.categories.nodes.length === 1 && n.tags.nodes.length === 2 && n.featuredImage?.node.altText && n.featuredImage.node.thumb.endsWith('-150x150.jpg') && n.featuredImage.node.mediaDetails.sizes.length === 2,
  },
  {
    name: 'posts: revisions',
    admin: true,
    query: `query ($first: Int!) { posts(first: $first) { nodes { databaseId revisions { nodes { databaseId } } } } }`,
    list: (d) => d.posts.nodes,
    resolved: (n) => n.revisions.nodes.length >= 1,
  },
  {
    name: 'contentNodes: the same relations through the interfaces',
    query: `query ($first: Int!) { contentNodes(first: $first, where: { contentTypes: [POST] }) { nodes { databaseId
      ... on NodeWithAuthor { author { node { databaseId } } }
      ... on Post { categories { nodes { databaseId } } tags { nodes { databaseId } } } } } }`,
    list: (d) => d.contentNodes.nodes,
    resolved: (n) => n.author && n.categories.nodes.length === 1 && n.tags.nodes.length === 2,
  },
  {
    name: 'pages: author, parent, children, revisions',
    admin: true,
    query: `query ($first: Int!) { pages(first: $first, where: { parent: 0 }) { nodes { databaseId uri
      author { node { databaseId } }
      parent { node { databaseId } }
      children { nodes { databaseId uri ... on Page { parent { node { databaseId } } } } }
      revisions { nodes { databaseId } } } } }`,
    list: (d) => d.pages.nodes,
    resolved: (n) => n.author && n.children.nodes.length === 1 && n.children.nodes[0].parent.node.databaseId === n.databaseId && n.revisions.nodes.length === 2,
  },
  {
    name: 'users: posts',
    admin: true,
    query: `query ($first: Int!) { users(first: $first, where: { roleIn: [AUTHOR] }) { nodes { databaseId posts { nodes { databaseId title } } } } }`,
    list: (d) => d.users.nodes,
    resolved: (n) => n.posts.nodes.length === 1,
  },
  {
    name: 'categories: parent, children, posts',
    query: `query ($first: Int!) { categories(first: $first, where: { parent: 0, orderby: NAME }) { nodes { databaseId
      parent { node { databaseId } }
      children { nodes { databaseId } }
      posts { nodes { databaseId } } } } }`,
    list: (d) => d.categories.nodes,
    resolved: (n) => n.children.nodes.length === 1 && n.posts.nodes.length === 1,
  },
  {
    name: 'tags: posts',
    query: `query ($first: Int!) { tags(first: $first) { nodes { databaseId posts { nodes { databaseId } } } } }`,
    list: (d) => d.tags.nodes,
    resolved: (n) => n.posts.nodes.length === 2,
  },
  {
    name: 'menus: items, their children and linked nodes',
    admin: true,
    query: `query ($first: Int!) { menus(first: $first) { nodes { databaseId
      menuItems(where: { parentDatabaseId: 0 }) { nodes { databaseId label uri: url
        connectedNode { node { ... on Post { databaseId } } }
        childItems { nodes { databaseId menu { node { databaseId } } } } } } } } }`,
    list: (d) => d.menus.nodes,
    resolved: (n) => n.menuItems.nodes.length === 1 && n.menuItems.nodes[0].connectedNode && n.menuItems.nodes[0].childItems.nodes.length === 1,
  },
  {
    name: 'menu items: children and menu',
    admin: true,
    query: `query ($first: Int!) { menuItems(first: $first, where: { parentDatabaseId: 0 }) { nodes { databaseId
      menu { node { databaseId } }
      childItems { nodes { databaseId } } } } }`,
    list: (d) => d.menuItems.nodes,
    resolved: (n) => n.menu && n.childItems.nodes.length === 1,
  },
  {
    name: 'events: venue, organizers, categories',
    query: `query ($first: Int!) { events(first: $first) { nodes { databaseId
      venue { databaseId city }
      organizers { nodes { databaseId email } }
      eventsCategories { nodes { databaseId name } } } } }`,
    list: (d) => d.events.nodes,
    resolved: (n) => n.venue && n.organizers.nodes.length === 1 && n.eventsCategories.nodes.length === 1,
  },
  {
    name: 'events categories: events and their venues',
    query: `query ($first: Int!) { eventsCategories(first: $first) { nodes { databaseId events { nodes { databaseId venue { databaseId } } } } } }`,
    list: (d) => d.eventsCategories.nodes,
    resolved: (n) => n.events.nodes.length >= 1 && n.events.nodes.every((e: Json) => e.venue),
  },
];

describe('GraphQL: SQL statements of nested lists (10 vs 100 parents)', () => {
  let t: TestApp;
  let server: GraphQLTestServer;

  async function statementsOf(c: Case, first: number): Promise<{ count: number; items: Json[] }> {
    const client = server.client(c.admin ? t.adminAuth : undefined);
    await run(client, c.query, { first }); // warm-up: options row, prepared statements
    const before = t.db.queries.count;
    const prismaBefore = t.db.queries.prismaCount;
    const data = await run<Json>(client, c.query, { first });
    // Every statement ran as a prepared statement on the fast read path, none through Prisma.
    expect(t.db.queries.prismaCount - prismaBefore).toBe(0);
    return { count: t.db.queries.count - before, items: c.list(data) };
  }

  beforeAll(async () => {
    t = await startTestApp({ GRAPHQL_MAX_COMPLEXITY: '10000000' }, { seed: false });
    server = await listen(t);
    const prisma = t.db.prisma;
    const rest = (path: string, body: unknown) =>
      t.request
        .post(`/wp-json/core/v2/${path}`)
        .set('Authorization', t.adminAuth)
        .send(body as object)
        .then((res) => {
          if (res.status !== 201) throw new Error(`fixture ${path}: ${res.status} ${JSON.stringify(res.body)}`);
          return res.body as Json;
        });
    const now = Date.now();
    const dateOf = (i: number) => new Date(now - (i + 1) * 60_000);
    // A hundred of everything, each post its own author, so a per-parent query would show.
    const authors: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      const user = await prisma.user.create({ data: { login: `author${i}`, email: `author${i}@example.com`, passwordHash: 'x', name: `Author ${i}`, slug: `author-${i}`, role: 'author' } });
      authors.push(user.id);
    }
    const categories: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      const name = `Cat ${String(i).padStart(3, '0')}`;
      const category = await prisma.term.create({ data: { taxonomy: 'category', name, slug: `cat-${i}` } });
      await prisma.term.create({ data: { taxonomy: 'category', name: `${name} child`, slug: `cat-${i}-child`, parentId: category.id } });
      categories.push(category.id);
    }
    const tags: number[] = [];
    for (let i = 0; i < ROWS; i++) tags.push((await prisma.term.create({ data: { taxonomy: 'post_tag', name: `Tag ${i}`, slug: `tag-${i}` } })).id);

    const posts: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      const date = dateOf(i);
      // Attachment rows written directly: the media routes come with a later issue.
      const media = await prisma.content.create({ data: { type: 'attachment', status: 'inherit', slug: `image-${i}`, title: `Image ${i}`, mimeType: 'image/jpeg', guid: `http://example.test/uploads/image-${i}.jpg`, date, modified: date } });
      // The meta an upload leaves (file, sizes, alt text), so featured images answer their sizes.
      const metadata = { width: 1024, height: 768, file: `2024/05/image-${i}.jpg`, filesize: 9000, sizes: { thumbnail: { file: `image-${i}-150x150.jpg`, width: 150, height: 150, 'mime-type': 'image/jpeg', filesize: 900 }, medium: { file: `image-${i}-300x225.jpg`, width: 300, height: 225, 'mime-type': 'image/jpeg', filesize: 2000 } } };
      await prisma.contentMeta.createMany({ data: [{ contentId: media.id, key: '_wp_attached_file', value: metadata.file }, { contentId: media.id, key: '_wp_attachment_metadata', value: JSON.stringify(metadata) }, { contentId: media.id, key: '_wp_attachment_image_alt', value: `Alt ${i}` }] });
      const post = await rest('posts', { title: `Post ${i}`, status: 'publish', author: authors[i], categories: [categories[i]], tags: [tags[i], tags[(i + 1) % ROWS]], featured_media: media.id, date: date.toISOString().slice(0, 19) });
      posts.push(post.id);
    }
    const pages: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      const page = await prisma.content.create({ data: { type: 'page', status: 'publish', authorId: authors[i], slug: `page-${i}`, slugKey: `page/0/page-${i}`, title: `Page ${i}`, date: dateOf(i), modified: dateOf(i) } });
      await prisma.content.create({ data: { type: 'page', status: 'publish', authorId: authors[i], parentId: page.id, slug: `child-${i}`, slugKey: `page/${page.id}/child-${i}`, title: `Child ${i}`, date: dateOf(i), modified: dateOf(i) } });
      pages.push(page.id);
    }
    // A revision and an autosave of every post and page, as the editor leaves them.
    const revisionRows = [...posts, ...pages].flatMap((parentId, i) => [
      { type: 'revision', status: 'inherit', parentId, slug: `${parentId}-revision-v1`, title: `Revision ${i}`, date: dateOf(i), modified: dateOf(i) },
      { type: 'revision', status: 'inherit', parentId, slug: `${parentId}-autosave-v1`, title: `Autosave ${i}`, date: dateOf(i), modified: dateOf(i) },
    ]);
    await prisma.content.createMany({ data: revisionRows });

    // Two events at each venue, with each organizer and in each category.
    const venues: number[] = [];
    const organizers: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      venues.push((await prisma.content.create({ data: { type: 'tribe_venue', status: 'publish', title: `Venue ${i}`, slug: `venue-${i}`, date: dateOf(i), modified: dateOf(i), venue: { create: { city: `City ${i}` } } } })).id);
      organizers.push((await prisma.content.create({ data: { type: 'tribe_organizer', status: 'publish', title: `Organizer ${i}`, slug: `organizer-${i}`, date: dateOf(i), modified: dateOf(i), organizer: { create: { email: `o${i}@example.com` } } } })).id);
    }
    const eventCategories = await Promise.all(Array.from({ length: ROWS }, (_, i) => prisma.term.create({ data: { taxonomy: 'tribe_events_cat', name: `Event cat ${i}`, slug: `event-cat-${i}` } }).then((c) => c.id)));
    await insertManyEvents(t.db, { count: 2 * ROWS, venueIds: venues, organizerIds: organizers, categoryIds: eventCategories });

    for (let i = 0; i < ROWS; i++) {
      const menu = await rest('menus', { name: `Menu ${i}` });
      const top = await rest('menu-items', { title: `Item ${i}`, menus: menu.id, status: 'publish', type: 'post_type', object: 'post', object_id: posts[i] });
      await rest('menu-items', { title: `Child item ${i}`, menus: menu.id, status: 'publish', type: 'custom', url: `https://example.org/${i}`, parent: top.id });
    }
  }, 300_000);

  afterAll(() => t.close());

  it.each(CASES.map((c) => [c.name, c] as const))('%s: as many statements for 100 parents as for 10', async (_name, c) => {
    const ten = await statementsOf(c, 10);
    const hundred = await statementsOf(c, ROWS);
    console.log(`${c.name}: ${ten.count} statements for ${ten.items.length} parents, ${hundred.count} for ${hundred.items.length}`);
    expect(ten.items).toHaveLength(10);
    expect(hundred.items).toHaveLength(ROWS);
    expect(hundred.items.filter((item) => !c.resolved(item))).toEqual([]);
    expect(ten.count).toBeGreaterThan(0);
    expect(hundred.count).toBe(ten.count);
    // Lists answered together equal the same lists answered alone (one parent: nothing to batch).
    const alone = await statementsOf(c, 1);
    expect(hundred.items[0]).toEqual(alone.items[0]);
    expect(ten.items).toEqual(hundred.items.slice(0, 10));
  });
});
