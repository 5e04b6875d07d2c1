/**
 * PostgreSQL's fast reads issued in one turn of the event loop go as one statement
 * (src/db/fast/pg-batch.ts): the rows must be what each read gets alone, types included; a failing
 * read fails alone; callers never share row objects. Runs on the PostgreSQL server of
 * TEST_DATABASE_URL, or the machine's (postgresql://postgres@127.0.0.1:5432/test).
 */
import { createDatabase, type Database, type Prisma } from '../../src/db/client';
import { postgresEngine, type ReadEngine } from '../../src/db/fast/engine';
import { migrate } from '../../src/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres';

let scratch: ScratchDatabase;
let engine: ReadEngine;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase('cs_batch');
  const url = scratch.url;
  await migrate(url);
  engine = postgresEngine(url, 2);
  db = createDatabase(url, { poolSize: 2 });
  const base = Date.UTC(2026, 0, 1, 10, 30, 15, 123);
  for (let i = 0; i < 5; i++) {
    await db.prisma.content.create({ data: { type: 'post', status: 'publish', slug: `p${i}`, title: `Post ${i} “quoted” \\ "x"`, date: new Date(base + i * 1000), modified: new Date(base), sticky: i === 1 } });
  }
});

afterAll(async () => {
  await engine?.close();
  await db?.close();
  await scratch?.drop();
});

/** The same statement run once alone first (a statement is merged only once its column types are known). */
async function learnt(sql: string, params: unknown[]): Promise<void> {
  await engine.all(sql, params);
}

describe('PostgreSQL read batching', () => {
  it('runs the reads of one turn as one statement (one snapshot, one backend)', async () => {
    const sql = 'SELECT statement_timestamp()::text AS "at", pg_backend_pid() AS "pid", ?::int AS "k"';
    await learnt(sql, [0]);
    const rows = await Promise.all([1, 2, 3].map((k) => engine.all(sql, [k])));
    expect(rows.map((r) => r[0].k)).toEqual([1, 2, 3]);
    expect(new Set(rows.map((r) => r[0].at)).size).toBe(1);
    expect(new Set(rows.map((r) => r[0].pid)).size).toBe(1);
    // Reads of separate turns are separate statements.
    const first = await engine.all(sql, [4]);
    const second = await engine.all(sql, [5]);
    expect(first[0].at).not.toBe(second[0].at);
  });

  it('gives each read the rows and types it gets alone', async () => {
    const statements: Array<[string, unknown[]]> = [
      ['SELECT t0."id", t0."title", t0."date", t0."sticky", t0."menuOrder" FROM "Content" t0 WHERE t0."type" = ? ORDER BY t0."date" DESC', ['post']],
      ['SELECT count(*) AS "n", max("date") AS "latest" FROM "Content" WHERE "id" > ?', [0]],
      ['SELECT 1.5::numeric AS "num", \'NaN\'::float8 AS "nan", NULL::text AS "nothing", \'{"a":[1]}\'::jsonb AS "doc", ?::text AS "echo"', ["it's $1 ?"]],
      ['SELECT "id" FROM "Content" WHERE "id" < 0', []],
    ];
    const alone: unknown[] = [];
    for (const [sql, params] of statements) alone.push(await engine.all(sql, params));
    const together = await Promise.all(statements.map(([sql, params]) => engine.all(sql, params)));
    expect(together).toEqual(alone);
    const posts = together[0] as Array<{ date: unknown }>;
    expect(posts[0].date).toEqual(new Date(Date.UTC(2026, 0, 1, 10, 30, 19, 123)));
    expect((together[2] as Array<{ nan: number }>)[0].nan).toBeNaN();
  });

  it('fails only the read that fails', async () => {
    const sql = 'SELECT 10 / ?::int AS "x"';
    await learnt(sql, [1]);
    const results = await Promise.allSettled([engine.all(sql, [2]), engine.all(sql, [0]), engine.all(sql, [5])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<Array<{ x: number }>>).value).toEqual([{ x: 5 }]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
  });

  it('runs an identical read once and hands each caller rows of its own', async () => {
    const sql = 'SELECT "id", "slug" FROM "Content" WHERE "slug" = ?';
    await learnt(sql, ['p0']);
    const [a, b] = await Promise.all([engine.all(sql, ['p0']), engine.all(sql, ['p0'])]);
    expect(a).toEqual(b);
    expect(a[0]).not.toBe(b[0]);
    a[0].slug = 'changed';
    expect(b[0].slug).toBe('p0');
  });

  it('answers concurrent model reads as Prisma does', async () => {
    const args: Prisma.ContentFindManyArgs[] = [{ where: { type: 'post' }, orderBy: { id: 'asc' } }, { where: { sticky: true } }, { where: { slug: { in: ['p2', 'p3'] } }, select: { id: true, date: true } }];
    for (const a of args) await db.read.content.findMany(a);
    const fast = await Promise.all([...args.map((a) => db.read.content.findMany(a)), db.read.content.count({ where: { type: 'post' } })]);
    const prisma = await Promise.all([...args.map((a) => db.prisma.content.findMany(a)), db.prisma.content.count({ where: { type: 'post' } })]);
    expect(fast).toEqual(prisma);
  });
});
