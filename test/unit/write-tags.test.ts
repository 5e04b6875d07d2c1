/**
 * The write tags the Prisma wrapper derives (src/cache/write-tags.ts), on a real database: what a
 * create, update or delete of each kind of row records, the old state read before updateMany,
 * deleteMany and cascading deletes, tags of a transaction held back until it settles, raw SQL, and
 * the ordering of flushes.
 */
import { createDatabase, type Database } from '../../src/db/client';
import { EVERYTHING, PendingChanges, rawSqlTags } from '../../src/cache/write-tags';
import { createTestDatabase, type TestDatabase } from '../support/database';

const now = new Date('2026-03-10T12:00:00Z');

describe('write tags', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase(database.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(() => {
    db.changes.take();
  });

  const taken = (): string[] => db.changes.take().sort();
  const post = (title: string, type = 'post') => db.prisma.content.create({ data: { type, status: 'publish', title, date: now, modified: now }, select: { title: true } });

  it('tags a created, updated and deleted post with its id and its type list', async () => {
    const created = await post('One');
    // The select did not ask for the id: the wrapper fetched it and took it away again.
    expect(created).toEqual({ title: 'One' });
    const row = await db.prisma.content.findFirstOrThrow({ where: { title: 'One' } });
    expect(taken()).toEqual([`c:${row.id}`, 'list:Content:post']);

    await db.prisma.content.update({ where: { id: row.id }, data: { title: 'Two' } });
    expect(taken()).toEqual([`c:${row.id}`, 'list:Content:post']);

    await db.prisma.content.update({ where: { id: row.id }, data: { type: 'page' } });
    expect(taken()).toEqual([`c:${row.id}`, 'list:Content:page', 'list:Content:post']);

    await db.prisma.content.delete({ where: { id: row.id } });
    expect(taken()).toEqual(expect.arrayContaining([`c:${row.id}`, 'list:Content:page']));
  });

  it('reads nothing more for a read, and records nothing', async () => {
    await db.prisma.content.findMany({ take: 1 });
    await db.prisma.term.count();
    expect(db.changes.size).toBe(0);
  });

  it('tags a renamed term with its id and its taxonomy list, and its meta with the term', async () => {
    const term = await db.prisma.term.create({ data: { taxonomy: 'category', name: 'News', slug: 'news' } });
    expect(taken()).toEqual(['list:Term:category', `t:${term.id}`]);
    await db.prisma.term.update({ where: { id: term.id }, data: { name: 'Latest' } });
    expect(taken()).toEqual(['list:Term:category', `t:${term.id}`]);
    await db.prisma.termMeta.create({ data: { termId: term.id, key: 'k', value: 'v' } });
    expect(taken()).toEqual(['list:TermMeta', `t:${term.id}`]);
  });

  it('tags both months when an event moves from one month to another, and when its title changes', async () => {
    await post('Concert', 'tribe_events');
    const event = await db.prisma.content.findFirstOrThrow({ where: { title: 'Concert' } });
    const times = { startLocal: '2026-03-30 20:00:00', endLocal: '2026-04-01 22:00:00', startUtc: '2026-03-30 20:00:00', endUtc: '2026-04-01 22:00:00' };
    taken();
    await db.prisma.eventDetail.create({ data: { contentId: event.id, ...times } });
    expect(taken()).toEqual([`c:${event.id}`, 'events:2026-03', 'events:2026-04', 'list:EventDetail']);
    await db.prisma.eventDetail.update({ where: { contentId: event.id }, data: { startUtc: '2026-06-02 20:00:00', endUtc: '2026-06-02 22:00:00' } });
    expect(taken()).toEqual([`c:${event.id}`, 'events:2026-03', 'events:2026-04', 'events:2026-06', 'list:EventDetail']);
    await db.prisma.content.update({ where: { id: event.id }, data: { title: 'Gig' } });
    expect(taken()).toEqual([`c:${event.id}`, 'events:2026-06', 'list:Content:tribe_events']);
    // A span too long to list by month falls back to the whole events list.
    await db.prisma.eventDetail.update({ where: { contentId: event.id }, data: { endUtc: '2036-06-02 22:00:00' } });
    expect(taken()).toEqual([`c:${event.id}`, 'events:2026-06', 'list:Content:tribe_events', 'list:EventDetail']);
  });

  it('reads the rows an updateMany or deleteMany matches before running it', async () => {
    await post('Many A');
    await post('Many B', 'page');
    const rows = await db.prisma.content.findMany({ where: { title: { startsWith: 'Many' } }, orderBy: { id: 'asc' } });
    taken();
    await db.prisma.content.updateMany({ where: { title: { startsWith: 'Many' } }, data: { status: 'draft' } });
    expect(taken()).toEqual([`c:${rows[0].id}`, `c:${rows[1].id}`, 'list:Content:page', 'list:Content:post']);
    await db.prisma.content.updateMany({ where: { id: rows[0].id }, data: { type: 'page' } });
    expect(taken()).toEqual([`c:${rows[0].id}`, 'list:Content:page', 'list:Content:post']);
    await db.prisma.content.deleteMany({ where: { title: { startsWith: 'Many' } } });
    expect(taken()).toEqual(expect.arrayContaining([`c:${rows[0].id}`, `c:${rows[1].id}`, 'list:Content:page']));
    expect(taken()).toEqual([]);
    // Ids pinned by the where need no lookup.
    await db.prisma.contentMeta.deleteMany({ where: { contentId: { in: [7, 8] }, key: 'x' } });
    expect(taken()).toEqual(['c:7', 'c:8', 'list:ContentMeta']);
  });

  it('tags what a cascading delete of an event takes with it: its months, venue, organizer and terms', async () => {
    for (const [title, type] of [['Fair', 'tribe_events'], ['Hall', 'tribe_venue'], ['Club', 'tribe_organizer']]) await post(title, type);
    const [event, venue, organizer] = await Promise.all(['Fair', 'Hall', 'Club'].map((title) => db.prisma.content.findFirstOrThrow({ where: { title } })));
    const term = await db.prisma.term.create({ data: { taxonomy: 'tribe_events_cat', name: 'Fairs', slug: 'fairs' } });
    await db.prisma.eventDetail.create({ data: { contentId: event.id, startLocal: '', endLocal: '', startUtc: '2026-09-01 10:00:00', endUtc: '2026-09-01 12:00:00' } });
    await db.prisma.eventVenue.create({ data: { eventId: event.id, venueId: venue.id } });
    await db.prisma.eventOrganizer.create({ data: { eventId: event.id, organizerId: organizer.id } });
    await db.prisma.termRelationship.createMany({ data: [{ contentId: event.id, termId: term.id }] });
    expect(taken()).toEqual(
      expect.arrayContaining([`c:${event.id}`, `c:${venue.id}`, `c:${organizer.id}`, `t:${term.id}`, 'list:EventVenue', 'list:EventOrganizer', 'list:TermRelationship', 'events:2026-09']),
    );

    await db.prisma.content.delete({ where: { id: event.id } });
    expect(taken()).toEqual(
      [
        `c:${event.id}`,
        `c:${venue.id}`,
        `c:${organizer.id}`,
        `t:${term.id}`,
        'events:2026-09',
        'list:Content:tribe_events',
        'list:ContentMeta',
        'list:EventDetail',
        'list:EventOrganizer',
        'list:EventVenue',
        'list:MenuItemDetail',
        'list:OrganizerDetail',
        'list:TermRelationship',
        'list:VenueDetail',
      ].sort(),
    );
    expect(await db.prisma.eventVenue.count({ where: { venueId: venue.id } })).toBe(0);
  });

  it('tags the content of a deleted term (its relationships go with it)', async () => {
    await post('Tagged');
    const row = await db.prisma.content.findFirstOrThrow({ where: { title: 'Tagged' } });
    const term = await db.prisma.term.create({ data: { taxonomy: 'post_tag', name: 'Gone', slug: 'gone' } });
    await db.prisma.termRelationship.create({ data: { contentId: row.id, termId: term.id } });
    taken();
    await db.prisma.term.deleteMany({ where: { slug: 'gone' } });
    expect(taken()).toEqual([`c:${row.id}`, 'list:Term:post_tag', 'list:TermMeta', 'list:TermRelationship', `t:${term.id}`].sort());
  });

  it('tags users, their application passwords (not their usage stamps) and options', async () => {
    const user = await db.prisma.user.create({ data: { login: 'u1', email: 'u1@example.com', passwordHash: 'x', name: 'U', slug: 'u1', role: 'author' } });
    expect(taken()).toEqual([`list:User`, `u:${user.id}`]);
    await db.prisma.applicationPassword.create({ data: { uuid: 'p1', userId: user.id, name: 'n', passwordHash: 'h' } });
    // Its own list too: the read side tags an unpinned read of application passwords with it (one declaration, model-tags.ts).
    expect(taken()).toEqual(['list:ApplicationPassword', `u:${user.id}`]);
    await db.prisma.applicationPassword.update({ where: { uuid: 'p1' }, data: { lastUsedAt: now, lastIp: '127.0.0.1' } });
    expect(taken()).toEqual([]);
    await db.prisma.option.upsert({ where: { name: 'blogname' }, create: { name: 'blogname', value: '"x"' }, update: { value: '"x"' } });
    expect(taken()).toEqual(['settings']);
  });

  it('publishes nothing for a redirect hit count (hits, lastAccess), but does for any other change of the rule', async () => {
    const group = await db.prisma.redirectGroup.create({ data: { name: 'G', moduleId: 1 } });
    const redirect = await db.prisma.redirect.create({ data: { url: '/a', matchUrl: '/a', groupId: group.id } });
    expect(taken()).toEqual(['redirects']);
    await db.prisma.redirect.updateMany({ where: { id: redirect.id }, data: { hits: { increment: 3 }, lastAccess: now } });
    await db.prisma.redirect.update({ where: { id: redirect.id }, data: { hits: 0 } });
    expect(taken()).toEqual([]);
    expect((await db.prisma.redirect.findUniqueOrThrow({ where: { id: redirect.id } })).hits).toBe(0);
    // A counter reset together with anything else is a change of the rule.
    await db.prisma.redirect.update({ where: { id: redirect.id }, data: { hits: 0, enabled: false } });
    expect(taken()).toEqual(['redirects']);
  });

  it('records a transaction only once it has settled', async () => {
    let inside: string[] = [];
    await db.prisma.$transaction(async (tx) => {
      await tx.content.create({ data: { type: 'post', status: 'draft', title: 'In tx', date: now, modified: now } });
      inside = db.changes.take();
    });
    expect(inside).toEqual([]);
    const row = await db.prisma.content.findFirstOrThrow({ where: { title: 'In tx' } });
    expect(taken()).toEqual([`c:${row.id}`, 'list:Content:post']);
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.content.update({ where: { id: row.id }, data: { title: 'Rolled back' } });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // Harmless over-invalidation of a rolled back attempt.
    expect(taken()).toEqual([`c:${row.id}`, 'list:Content:post']);
  });

  it('classifies raw SQL: reads, locks and the log change nothing; unknown writes change everything', async () => {
    expect(rawSqlTags('SELECT 1')).toEqual([]);
    expect(rawSqlTags('  SAVEPOINT x')).toEqual([]);
    expect(rawSqlTags('ANALYZE "Content", "EventDetail"')).toEqual([]);
    expect(rawSqlTags('UPDATE "Content" SET "id" = "id" WHERE "id" = ?')).toEqual([]);
    expect(rawSqlTags('INSERT INTO "CacheInvalidation" ("tags") VALUES (?)')).toEqual([]);
    expect(rawSqlTags('DELETE FROM "Option" WHERE 1')).toEqual(['settings']);
    expect(rawSqlTags('INSERT INTO "TermRelationship" SELECT ...')).toEqual(EVERYTHING);
    await db.prisma.$executeRawUnsafe('UPDATE "Term" SET "description" = \'d\' WHERE "id" = -1');
    expect(taken()).toEqual([]);
    await db.prisma.$executeRawUnsafe('UPDATE "Term" SET "description" = \'d\'');
    expect(taken()).toEqual([...EVERYTHING].sort());
  });
});

describe('PendingChanges.flush', () => {
  it('publishes what is pending with *, and never resolves before an earlier publish', async () => {
    const changes = new PendingChanges();
    const published: string[][] = [];
    const gates: Array<() => void> = [];
    const publish = (tags: readonly string[]) =>
      new Promise<void>((resolve) => {
        published.push([...tags]);
        gates.push(resolve);
      });
    changes.record(['c:1']);
    const first = changes.flush(publish);
    changes.record(['c:2']);
    let secondDone = false;
    const second = changes.flush(publish).then(() => (secondDone = true));
    changes.record(['c:3']);
    const third = changes.flush(publish);
    await new Promise((r) => setImmediate(r));
    // One publish at a time; the later flushes share the next one.
    expect(published).toEqual([['c:1', '*']]);
    gates[0]();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(secondDone).toBe(false);
    expect(published).toEqual([
      ['c:1', '*'],
      ['c:2', 'c:3', '*'],
    ]);
    gates[1]();
    await Promise.all([second, third]);
    expect(changes.size).toBe(0);
  });

  it('puts the tags of a failed publish back for the next flush', async () => {
    const changes = new PendingChanges();
    changes.record(['t:1']);
    await expect(changes.flush(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const seen: string[][] = [];
    await changes.flush(async (tags) => void seen.push([...tags]));
    expect(seen).toEqual([['t:1', '*']]);
  });

  it('collapses to everything beyond its bound', () => {
    const changes = new PendingChanges();
    changes.record(Array.from({ length: 10_001 }, (_, i) => `c:${i}`));
    expect(changes.take().sort()).toEqual([...EVERYTHING].sort());
  });
});
