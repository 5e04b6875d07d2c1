/**
 * Operator commands:
 *   npm run db:migrate                   apply pending migrations
 *   npm run db:seed                      seed the demo site (into an empty database only)
 *   npm run cli -- user:create <login> <email> [role]
 *                                        create a user and print a new application password
 *   npm run cli -- app-password <login> [name]
 *                                        issue a new application password for a user
 *   npm run cli -- events:import <file-or-url> [--as <login>]
 *                                        import an iCalendar file or address, printing progress
 *   npm run cli -- seo:reindex [--restart]
 *                                        analyse and index all content for search optimisation
 *                                        (resumes an interrupted run; --restart starts over)
 *   npm run cli -- security:log [--limit N] [--type TYPE]
 *                                        print the newest security events (default 50)
 *   npm run cli -- seo:orphaned [--type <post type>] [--page <n>] [--per-page <n>] [--as <login>]
 *                                        list published content no other content links to
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { createInvalidationBus } from '../cache/invalidation';
import { EVERYTHING } from '../cache/write-tags';
import { createDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemoSite } from '../db/seed';
import { eventsImportCommand } from './events-import';
import { securityLogCommand } from './security-log';
import { seoOrphanedCommand } from './seo-orphaned';
import { closeAnalysisQueue } from '../domain/seo/analysis-queue';
import { seoReindexCommand } from './seo-reindex';
import { chunkApplicationPassword } from '../domain/users/passwords';
import { isRoleName, ROLE_NAMES } from '../domain/users/roles';
import { insertApplicationPassword, insertUser } from '../domain/users/store';

async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const config = loadConfig();
  if (command === 'migrate') {
    const report = await migrate(config.databaseUrl);
    console.log(report.applied.length ? `applied: ${report.applied.join(', ')}` : `up to date (${report.alreadyApplied} migrations)`);
    return 0;
  }
  const migrated = await migrate(config.databaseUrl);
  const db = createDatabase(config.databaseUrl);
  // A migration may rewrite any data: running servers drop everything they cached.
  if (migrated.applied.length) db.changes.record(EVERYTHING);
  try {
    switch (command) {
      case 'seed': {
        const seeded = await seedDemoSite(db, config);
        console.log(seeded ? 'demo site seeded' : 'database already has content: nothing seeded');
        return 0;
      }
      case 'user:create': {
        const [login, email, role = 'administrator'] = args;
        if (!login || !email || !isRoleName(role)) {
          console.error(`usage: user:create <login> <email> [${ROLE_NAMES.join('|')}]`);
          return 2;
        }
        const password = randomBytes(18).toString('base64url');
        const user = await insertUser(db, { login, email, password, role });
        const issued = await insertApplicationPassword(db, user.id, 'cli');
        console.log(`user ${user.login} (id ${user.id}, ${user.role}) created`);
        console.log(`  account password:     ${password}`);
        console.log(`  application password: ${chunkApplicationPassword(issued.password)}`);
        return 0;
      }
      case 'app-password': {
        const [login, name = 'cli'] = args;
        const user = login ? await db.prisma.user.findUnique({ where: { login } }) : null;
        if (!user) {
          console.error(login ? `no user ${login}` : 'usage: app-password <login> [name]');
          return 2;
        }
        const issued = await insertApplicationPassword(db, user.id, name);
        console.log(`application password for ${user.login} (${issued.uuid}): ${chunkApplicationPassword(issued.password)}`);
        return 0;
      }
      case 'events:import':
        return await eventsImportCommand(config, db, args);
      case 'seo:reindex':
        return await seoReindexCommand(config, db, args);
      case 'security:log':
        return await securityLogCommand(db, args);
      case 'seo:orphaned':
        return await seoOrphanedCommand(config, db, args);
      default:
        console.error('commands: migrate, seed, user:create, app-password, events:import, seo:reindex, seo:orphaned, security:log');
        return 2;
    }
  } finally {
    // Running servers drop their cached reads of what the command wrote (the tags its Prisma calls recorded).
    if (db.changes.size > 0) await announceWrite(db).catch((error: unknown) => console.error('could not invalidate server caches:', error));
    // As a server does when it closes: the analysis under way finishes, the rest is left to indexing
    // (`seo:reindex`, the indexing routes), and the worker threads stop.
    await closeAnalysisQueue(db);
    await db.close();
  }
}

async function announceWrite(db: Database): Promise<void> {
  const bus = await createInvalidationBus(db, null);
  try {
    await db.changes.flush((tags) => bus.publish(tags));
  } finally {
    await bus.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
