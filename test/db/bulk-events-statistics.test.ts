/**
 * A bulk insert of events leaves PostgreSQL's planner statistics fresh (src/domain/events/bulk.ts):
 * without them the planner took thousands of new events for a handful of rows and read the event
 * window through every published item. Runs on the PostgreSQL server of TEST_DATABASE_URL, or the
 * machine's (postgresql://postgres@127.0.0.1:5432/test).
 */
import { createDatabase, type Database } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { insertManyEvents } from '../../src/domain/events';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres';

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase('cs_bulk_stats');
  await migrate(scratch.url);
  db = createDatabase(scratch.url, { poolSize: 2 });
});

afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});

/** The planner's estimate of the rows a query returns. */
async function estimatedRows(sql: string): Promise<number> {
  const [row] = await db.prisma.$queryRawUnsafe<Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>>(`EXPLAIN (FORMAT JSON) ${sql}`);
  return row['QUERY PLAN'][0].Plan['Plan Rows'];
}

describe('bulk-inserted events on PostgreSQL', () => {
  it('are known to the planner at once, so the event window reads the start-time index', async () => {
    const before = await estimatedRows(`SELECT 1 FROM "Content" WHERE "status" = 'publish'`);
    await insertManyEvents(db, { count: 3000, start: new Date(Date.UTC(2030, 0, 1, 9)), perDay: 10 });
    const analysed = await db.prisma.$queryRawUnsafe<Array<{ relname: string }>>(
      `SELECT relname::text AS relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL AND relname IN ('Content', 'EventDetail') ORDER BY relname`,
    );
    expect(analysed.map((r) => r.relname)).toEqual(['Content', 'EventDetail']);
    expect(before).toBeLessThan(100);
    expect(await estimatedRows(`SELECT 1 FROM "Content" WHERE "status" = 'publish'`)).toBeGreaterThan(2500);
    const [plan] = await db.prisma.$queryRawUnsafe<Array<{ 'QUERY PLAN': unknown }>>(
      `EXPLAIN (FORMAT JSON) SELECT c."id" FROM "EventDetail" e JOIN "Content" c ON c."id" = e."contentId"
       WHERE c."status" IN ('publish') AND e."startUtc" >= '2030-03-01 00:00:00' AND e."endUtc" <= '2030-03-31 00:00:00'
       ORDER BY e."startUtc" DESC, c."id" DESC LIMIT 11`,
    );
    expect(JSON.stringify(plan['QUERY PLAN'])).toContain('EventDetail_startUtc_endUtc_hideFromListings_contentId_idx');
  });
});
