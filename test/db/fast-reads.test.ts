/**
 * The fast read path (src/db/fast) must answer exactly what Prisma answers for the same arguments,
 * on the engine of the run: every case below runs through both and compares the results, and the
 * statements are checked to have gone around Prisma (or through it, for arguments outside the
 * compiled subset). Read tags are checked on the per-request view.
 */
import { Prisma } from '../../src/generated/prisma-sqlite/client';
import { LoaderCache } from '../../src/domain/loaders';
import { createDatabase, type Database } from '../../src/db/client';
import { compileFindMany, Unsupported } from '../../src/db/fast/compile';
import { UnaccountedReadError, viaPrisma } from '../../src/db/read-audit';
import { createTestDatabase, testProvider, type TestDatabase } from '../support/database';

let database: TestDatabase;
let db: Database;
let ids: { posts: number[]; page: number; terms: number[]; event: number };

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  const p = db.prisma;
  const base = Date.UTC(2026, 0, 1);
  const posts: number[] = [];
  for (let i = 0; i < 8; i++) {
    const row = await p.content.create({
      data: {
        type: 'post',
        status: i % 3 === 0 ? 'draft' : 'publish',
        slug: `post-${i}`,
        slugKey: i === 7 ? null : `post//post-${i}`,
        title: `Post ${i}`,
        date: new Date(base + i * 3_600_000),
        modified: new Date(base + i * 3_600_000),
        sticky: i === 2,
        authorId: (i % 2) + 1,
        menuOrder: i,
      },
    });
    posts.push(row.id);
  }
  const page = await p.content.create({ data: { type: 'page', status: 'publish', slug: 'about', title: 'About', date: new Date(base), modified: new Date(base) } });
  const terms = [];
  for (const name of ['alpha', 'beta']) terms.push((await p.term.create({ data: { taxonomy: 'category', name, slug: name } })).id);
  await p.termRelationship.create({ data: { contentId: posts[1], termId: terms[0] } });
  await p.termRelationship.create({ data: { contentId: posts[2], termId: terms[1] } });
  await p.contentMeta.create({ data: { contentId: posts[1], key: 'footnotes', value: '[]' } });
  const event = await p.content.create({ data: { type: 'tribe_events', status: 'publish', slug: 'ev', title: 'Event', date: new Date(base), modified: new Date(base) } });
  await p.eventDetail.create({ data: { contentId: event.id, startLocal: '2026-03-01 10:00:00', endLocal: '2026-03-01 12:00:00', startUtc: '2026-03-01 10:00:00', endUtc: '2026-03-01 12:00:00', allDay: true } });
  ids = { posts, page: page.id, terms, event: event.id };
});

afterAll(async () => {
  await db.close();
  await database.drop();
});

type Delegate = { findMany(args?: unknown): Promise<unknown[]>; count(args?: unknown): Promise<number> };

function delegates(name: string): [Delegate, Delegate] {
  return [(db.prisma as unknown as Record<string, Delegate>)[name], (db.read as unknown as Record<string, Delegate>)[name]];
}

const cases: Array<[string, string, () => Record<string, unknown>]> = [
  ['all posts by date', 'content', () => ({ where: { type: 'post' }, orderBy: [{ date: 'desc' }, { id: 'desc' }] })],
  ['status in, page window', 'content', () => ({ where: { AND: [{ type: 'post' }, { status: { in: ['publish'] } }] }, orderBy: [{ date: 'asc' }], skip: 1, take: 3 })],
  ['skip without take', 'content', () => ({ where: { type: 'post' }, orderBy: { id: 'asc' }, skip: 5 })],
  ['ids in and notIn', 'content', () => ({ where: { id: { in: ids.posts.slice(0, 5), notIn: [ids.posts[1]] } }, orderBy: { id: 'asc' } })],
  ['empty in', 'content', () => ({ where: { id: { in: [] } } })],
  ['empty notIn', 'content', () => ({ where: { type: 'post', id: { notIn: [] } }, orderBy: { id: 'asc' } })],
  ['dates gt/lt', 'content', () => ({ where: { type: 'post', date: { gt: new Date(Date.UTC(2026, 0, 1, 1, 30)), lt: new Date(Date.UTC(2026, 0, 1, 5)) } }, orderBy: { id: 'asc' } })],
  ['boolean', 'content', () => ({ where: { sticky: true } })],
  ['null and not null', 'content', () => ({ where: { slugKey: null, type: 'post' } })],
  ['not null', 'content', () => ({ where: { slugKey: { not: null }, type: 'post' }, orderBy: { id: 'asc' } })],
  ['not value', 'content', () => ({ where: { type: 'post', status: { not: 'draft' } }, orderBy: { id: 'asc' } })],
  ['OR and NOT', 'content', () => ({ where: { OR: [{ authorId: 1 }, { menuOrder: { gte: 6 } }], NOT: { status: 'draft' }, type: 'post' }, orderBy: { id: 'asc' } })],
  ['relation some', 'content', () => ({ where: { terms: { some: { termId: { in: [ids.terms[0]] } } } } })],
  ['relation none', 'content', () => ({ where: { type: 'post', terms: { none: { termId: ids.terms[1] } } }, orderBy: { id: 'asc' } })],
  ['relation every', 'content', () => ({ where: { type: 'post', terms: { every: { termId: ids.terms[0] } } }, orderBy: { id: 'asc' } })],
  ['to-one relation', 'content', () => ({ where: { event: { startUtc: { gte: '2026-02-01' } } } })],
  ['to-one relation is null', 'content', () => ({ where: { type: 'tribe_events', event: { is: null } } })],
  ['select', 'content', () => ({ where: { type: 'post' }, select: { id: true, slug: true, date: true, sticky: true }, orderBy: { slug: 'desc' } })],
  ['event detail booleans', 'eventDetail', () => ({ where: { contentId: ids.event } })],
  ['meta', 'contentMeta', () => ({ where: { contentId: { in: ids.posts }, key: { in: ['footnotes'] } }, orderBy: { id: 'asc' } })],
  ['options (no arguments)', 'option', () => ({})],
  // LIKE as Prisma emits it: % and _ stay wildcards, and each engine folds case as it does under Prisma.
  ['contains, any case', 'content', () => ({ where: { type: 'post', title: { contains: 'post 1' } }, orderBy: { id: 'asc' } })],
  ['contains with wildcards', 'content', () => ({ where: { title: { contains: 'Pos_ %3' } }, orderBy: { id: 'asc' } })],
  ['startsWith and endsWith', 'content', () => ({ where: { slug: { startsWith: 'post-', endsWith: '5' } } })],
  ['not contains', 'content', () => ({ where: { type: 'post', title: { not: { contains: '1' } } }, orderBy: { id: 'asc' } })],
  ['distinct on the selected column', 'content', () => ({ where: { type: 'post' }, distinct: ['authorId'], select: { authorId: true }, orderBy: { authorId: 'desc' } })],
  // PostgreSQL only (Prisma refuses the mode on SQLite): ILIKE.
  ...(testProvider === 'postgresql'
    ? ([
        ['contains, insensitive mode', 'content', () => ({ where: { title: { contains: 'post 1', mode: 'insensitive' } }, orderBy: { id: 'asc' } })],
        ['equals, insensitive mode', 'content', () => ({ where: { title: { equals: 'post _', mode: 'insensitive' } }, orderBy: { id: 'asc' } })],
      ] as Array<[string, string, () => Record<string, unknown>]>)
    : []),
];

describe('fast reads agree with Prisma', () => {
  it.each(cases)('%s', async (_name, model, args) => {
    const [prisma, fast] = delegates(model);
    const expected = await prisma.findMany(args());
    const [before, prismaBefore] = [db.queries.count, db.queries.prismaCount];
    const actual = await fast.findMany(args());
    expect(actual).toEqual(expected);
    expect(db.queries.count - before).toBe(1);
    // The one statement ran on the fast path, not through Prisma.
    expect(db.queries.prismaCount - prismaBefore).toBe(0);
    if (!('select' in args()) && !('take' in args())) {
      const where = args().where;
      expect(await fast.count({ where })).toBe(await prisma.count({ where }));
    }
  });

  it('findFirst and findUnique', async () => {
    const args = { where: { type: 'post' }, orderBy: { date: 'desc' as const } };
    expect(await db.read.content.findFirst(args)).toEqual(await db.prisma.content.findFirst(args));
    expect(await db.read.content.findUnique({ where: { id: ids.page } })).toEqual(await db.prisma.content.findUnique({ where: { id: ids.page } }));
    expect(await db.read.content.findUnique({ where: { id: 999999 } })).toBeNull();
    // A compound unique key is outside the subset: Prisma answers it.
    const link = { contentId_termId: { contentId: ids.posts[1], termId: ids.terms[0] } };
    expect(await db.read.termRelationship.findUnique({ where: link })).toEqual(await db.prisma.termRelationship.findUnique({ where: link }));
  });

  it('leaves what it does not compile to Prisma, with the same answer, and counts it unless announced', async () => {
    const args = { where: { type: 'post' }, distinct: ['authorId' as const], take: 1 };
    expect(() => compileFindMany((db.fast as unknown as { catalog: never }).catalog, 'sqlite', 'Content', args)).toThrow(Unsupported);
    const before = db.fast.audit.counts['prisma-fallback'];
    expect(await db.read.content.findMany(args)).toEqual(await db.prisma.content.findMany(args));
    expect(db.fast.audit.counts['prisma-fallback']).toBe(before + 1);
    expect(await db.read.content.findMany(viaPrisma({ ...args }, 'a test'))).toEqual(await db.prisma.content.findMany(args));
    expect(db.fast.audit.counts['prisma-fallback']).toBe(before + 1);
  });

  it('runs tagged raw reads', async () => {
    const rows = await db.read.query<{ n: number | bigint }>(Prisma.sql`SELECT count(*) AS "n" FROM "Content" WHERE "type" = ${'post'} AND "sticky" = ${true}`);
    expect(Number(rows[0].n)).toBe(1);
  });
});

describe('read tags of a request', () => {
  it('tags records by id, lists by type, and raw reads by what they declare', async () => {
    const loaders = new LoaderCache(db);
    await loaders.db.read.content.findMany({ where: { id: { in: [ids.page, 999999] } } });
    await loaders.db.read.content.count({ where: { type: 'post', status: 'publish' } });
    await loaders.db.read.term.findMany({ where: { taxonomy: 'category' } });
    await loaders.db.read.option.findMany();
    await loaders.db.read.query(Prisma.sql`SELECT 1 AS "x"`, ['c:42']);
    expect(loaders.tags.tracked).toBe(true);
    expect(new Set(loaders.tags.list())).toEqual(new Set([`c:${ids.page}`, 'c:999999', 'list:Content:post', 'list:Term:category', `t:${ids.terms[0]}`, `t:${ids.terms[1]}`, 'settings', 'c:42']));
  });

  it('marks a request untracked when it reads a list of unknown type, a raw read without tags, or uses Prisma directly', async () => {
    for (const read of [
      (l: LoaderCache) => l.db.read.content.findMany({ where: { status: 'publish' } }),
      (l: LoaderCache) => l.db.read.query(Prisma.sql`SELECT 1 AS "x"`),
      (l: LoaderCache) => l.db.prisma.content.count(),
    ]) {
      const loaders = new LoaderCache(db);
      await read(loaders);
      expect(loaders.tags.tracked).toBe(false);
      expect(loaders.tags.list()).toContain('*');
    }
  });
});

describe('strict reads: leaves from the tracked path fail unless the call site says why', () => {
  let strict: Database;
  beforeAll(() => {
    strict = createDatabase(database.url, { strictReads: true });
  });
  afterAll(() => strict.close());

  it('refuses an unannounced fallback to Prisma, and serves an announced one', async () => {
    const args = { where: { type: 'post' }, distinct: ['authorId' as const], take: 1 };
    await expect(strict.read.content.findMany(args)).rejects.toThrow(UnaccountedReadError);
    await expect(strict.read.content.findFirst({ where: { type: 'post' }, take: 2 })).rejects.toThrow(/prisma-fallback/);
    expect(await strict.read.content.findMany(viaPrisma({ ...args }, 'a test'))).toEqual(await strict.prisma.content.findMany(args));
  });

  it('refuses db.prisma in a read request, not in a write request, and lets untracked(why) through', async () => {
    const read = new LoaderCache(strict, { readOnly: true });
    expect(() => read.db.prisma).toThrow(/prisma-direct/);
    expect(await read.db.untracked('a test').content.count()).toBeGreaterThan(0);
    expect(read.tags.tracked).toBe(false);
    const write = new LoaderCache(strict);
    expect(await write.db.prisma.content.count()).toBeGreaterThan(0);
  });
});
