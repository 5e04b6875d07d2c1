/**
 * The demo site: a few categories and tags, published posts, pages and a main menu. Written only
 * into a database that has no content yet; a marker row claimed first makes concurrent starts
 * seed once.
 */
import type { Config } from '../config';
import { slugKeyFor } from '../domain/content/slug';
import { writeAssignments } from '../domain/menus/locations';
import { DEFAULT_OPTIONS } from '../domain/settings/options';
import type { Database, Prisma } from './client';

const SEED_MARKER = 'demo_seeded';

const CATEGORIES = [
  { name: 'Uncategorized', slug: 'uncategorized', description: '' },
  { name: 'News', slug: 'news', description: 'Announcements and updates.' },
  { name: 'Guides', slug: 'guides', description: 'How to get things done.' },
  { name: 'Community', slug: 'community', description: 'People and events around the project.' },
];
const TAGS = ['featured', 'release', 'howto', 'graphql', 'rest'];

const POSTS = [
  { title: 'Hello world!', categories: ['uncategorized'], tags: [], content: '<!-- wp:paragraph -->\n<p>Welcome to the demo site. This is your first post. Edit or delete it, then start writing!</p>\n<!-- /wp:paragraph -->' },
  { title: 'Two faces, one domain', categories: ['news'], tags: ['featured', 'graphql', 'rest'], content: 'This site answers WordPress REST clients and GraphQL front-ends from one domain layer.\n\nEvery rule lives in one place.' },
  { title: 'Getting started with the REST API', categories: ['guides'], tags: ['howto', 'rest'], content: 'Fetch the index at /wp-json/ to discover every route.\n\nThen list posts with /wp-json/core/v2/posts.' },
  { title: 'Querying posts with GraphQL', categories: ['guides'], tags: ['howto', 'graphql'], content: 'Open /graphql in a browser to explore the schema in the playground.' },
  { title: 'Release notes: first public version', categories: ['news'], tags: ['release'], content: 'The first public version ships posts, pages, menus and users.' },
  { title: 'Meet the community', categories: ['community'], tags: [], content: 'Contributors meet every month to plan the next steps.' },
];

const PAGES = [
  { title: 'About', content: 'This demo site shows a headless content backend with a WordPress-compatible REST API and GraphQL.' },
  { title: 'Contact', content: 'Write to us at hello@example.com.' },
];

/**
 * Claims the seeding with a marker row, outside the seeding transaction so that concurrent
 * starts do not queue behind a long write: whoever inserts the marker first seeds.
 */
async function claimSeed(db: Database): Promise<boolean> {
  if ((await db.prisma.content.count()) > 0) return false;
  try {
    await db.prisma.option.create({ data: { name: SEED_MARKER, value: 'true' } });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') return false;
    throw error;
  }
}

export async function seedDemoSite(db: Database, config: Config): Promise<boolean> {
  if (!(await claimSeed(db))) return false;
  try {
    await db.prisma.$transaction(async (tx) => {
      const admin = await tx.user.findFirst({ where: { role: 'administrator' }, orderBy: { id: 'asc' } });
      const authorId = admin?.id ?? 0;

      const categoryIds = new Map<string, number>();
      for (const c of CATEGORIES) categoryIds.set(c.slug, (await tx.term.create({ data: { taxonomy: 'category', ...c } })).id);
      const tagIds = new Map<string, number>();
      for (const t of TAGS) tagIds.set(t, (await tx.term.create({ data: { taxonomy: 'post_tag', name: t, slug: t } })).id);

      const now = Date.now();
      const day = 24 * 60 * 60 * 1000;
      for (const [i, p] of POSTS.entries()) {
        const date = new Date(now - (POSTS.length - i) * day);
        const slug = p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
        const created = await tx.content.create({
          data: { type: 'post', status: 'publish', authorId, slug, slugKey: slugKeyFor({ type: 'post', parentId: 0, slug, status: 'publish' }), title: p.title, content: p.content, date, modified: date },
        });
        await tx.content.update({ where: { id: created.id }, data: { guid: `${config.siteUrl}/?p=${created.id}` } });
        const terms = [...p.categories.map((s) => categoryIds.get(s)!), ...p.tags.map((s) => tagIds.get(s)!)];
        await tx.termRelationship.createMany({ data: terms.map((termId) => ({ contentId: created.id, termId })) });
      }
      const pageIds: number[] = [];
      for (const [i, p] of PAGES.entries()) {
        const slug = p.title.toLowerCase();
        const date = new Date(now - (PAGES.length - i) * day);
        const created = await tx.content.create({
          data: { type: 'page', status: 'publish', authorId, slug, slugKey: slugKeyFor({ type: 'page', parentId: 0, slug, status: 'publish' }), title: p.title, content: p.content, date, modified: date, commentStatus: 'closed', pingStatus: 'closed', menuOrder: i },
        });
        await tx.content.update({ where: { id: created.id }, data: { guid: `${config.siteUrl}/?page_id=${created.id}` } });
        pageIds.push(created.id);
      }
      for (const termId of [...categoryIds.values(), ...tagIds.values()]) {
        const count = await tx.termRelationship.count({ where: { termId } });
        await tx.term.update({ where: { id: termId }, data: { count } });
      }

      const menu = await tx.term.create({ data: { taxonomy: 'nav_menu', name: 'Main Menu', slug: 'main-menu' } });
      const items = [
        { title: 'Home', itemType: 'custom', object: 'custom', objectId: 0, url: `${config.siteUrl}/` },
        { title: '', itemType: 'post_type', object: 'page', objectId: pageIds[0], url: '' },
        { title: '', itemType: 'taxonomy', object: 'category', objectId: categoryIds.get('news')!, url: '' },
        { title: '', itemType: 'post_type', object: 'page', objectId: pageIds[1], url: '' },
      ];
      for (const [i, item] of items.entries()) {
        const date = new Date(now);
        const created = await tx.content.create({
          data: { type: 'nav_menu_item', status: 'publish', authorId, title: item.title, date, modified: date, menuOrder: i + 1, commentStatus: 'closed', pingStatus: 'closed' },
        });
        await tx.content.update({ where: { id: created.id }, data: { slug: String(created.id), guid: `${config.siteUrl}/?p=${created.id}` } });
        await tx.menuItemDetail.create({ data: { contentId: created.id, itemType: item.itemType, object: item.object, objectId: item.itemType === 'custom' ? created.id : item.objectId, url: item.url } });
        await tx.termRelationship.create({ data: { contentId: created.id, termId: menu.id } });
      }
      await tx.term.update({ where: { id: menu.id }, data: { count: items.length } });
      // Shown at the theme's primary location, so anonymous front-ends can read it (WPGraphQL's rule).
      await writeAssignments(tx, { primary: menu.id });

      await seedDemoEvents(tx, authorId, now);

      const options = { title: 'Demo Site', description: 'A headless content backend with two faces', default_category: categoryIds.get('uncategorized')! };
      for (const [name, value] of Object.entries(options)) {
        if (!(name in DEFAULT_OPTIONS)) continue;
        await tx.option.upsert({ where: { name }, create: { name, value: JSON.stringify(value) }, update: { value: JSON.stringify(value) } });
      }
    }, { maxWait: 30000, timeout: 120000 });
    return true;
  } catch (error) {
    // Give the claim back so that the next start can try again.
    await db.prisma.option.delete({ where: { name: SEED_MARKER } }).catch(() => undefined);
    throw error;
  }
}

/**
 * The calendar's demo: two venues, two organizers, two event categories and a few upcoming events
 * (times in UTC, the demo site's zone). Written with the seed's transaction.
 */
async function seedDemoEvents(tx: Prisma.TransactionClient, authorId: number, now: number): Promise<void> {
  const sql = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const post = async (type: string, title: string, content = '') => {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const date = new Date(now);
    return tx.content.create({
      data: { type, status: 'publish', authorId, slug, slugKey: slugKeyFor({ type, parentId: 0, slug, status: 'publish' }), title, content, date, modified: date, commentStatus: 'closed', pingStatus: 'closed' },
    });
  };
  const hall = await post('tribe_venue', 'Community Hall');
  await tx.venueDetail.create({ data: { contentId: hall.id, address: '1 Main Street', city: 'Springfield', country: 'United States', state: 'IL', zip: '62701', stateprovince: 'IL', lat: 39.7817, lng: -89.6501 } });
  const library = await post('tribe_venue', 'City Library');
  await tx.venueDetail.create({ data: { contentId: library.id, address: '20 Book Lane', city: 'Springfield', country: 'United States', state: 'IL', zip: '62702', stateprovince: 'IL', lat: 39.8017, lng: -89.6436 } });
  const team = await post('tribe_organizer', 'Demo Team');
  await tx.organizerDetail.create({ data: { contentId: team.id, email: 'events@example.com', website: 'https://example.com' } });
  const guild = await post('tribe_organizer', 'Readers Guild');
  await tx.organizerDetail.create({ data: { contentId: guild.id, phone: '555-0100' } });
  const meetups = await tx.term.create({ data: { taxonomy: 'tribe_events_cat', name: 'Meetups', slug: 'meetups' } });
  const workshops = await tx.term.create({ data: { taxonomy: 'tribe_events_cat', name: 'Workshops', slug: 'workshops' } });
  const day = 24 * 60 * 60 * 1000;
  const today = new Date(now);
  today.setUTCHours(18, 0, 0, 0);
  const events = [
    { title: 'Monthly community meetup', days: 3, hours: 2, venue: hall.id, organizer: team.id, category: meetups.id, cost: '0' },
    { title: 'GraphQL workshop', days: 10, hours: 3, venue: library.id, organizer: team.id, category: workshops.id, cost: '25', symbol: '$' },
    { title: 'Book club evening', days: 17, hours: 2, venue: library.id, organizer: guild.id, category: meetups.id, cost: '' },
  ];
  for (const e of events) {
    const created = await post('tribe_events', e.title, `<p>${e.title}: everybody is welcome.</p>`);
    const start = new Date(today.getTime() + e.days * day);
    const end = new Date(start.getTime() + e.hours * 3600000);
    await tx.eventDetail.create({
      data: {
        contentId: created.id, startLocal: sql(start), endLocal: sql(end), startUtc: sql(start), endUtc: sql(end), timezone: 'UTC+0', timezoneAbbr: 'UTC+0',
        cost: e.cost, currencySymbol: e.symbol ?? '', currencyPosition: e.symbol ? 'prefix' : '',
      },
    });
    await tx.eventVenue.create({ data: { eventId: created.id, venueId: e.venue } });
    await tx.eventOrganizer.create({ data: { eventId: created.id, organizerId: e.organizer } });
    await tx.termRelationship.create({ data: { contentId: created.id, termId: e.category } });
  }
  for (const term of [meetups, workshops]) {
    await tx.term.update({ where: { id: term.id }, data: { count: await tx.termRelationship.count({ where: { termId: term.id } }) } });
  }
}
