/**
 * A real server on a fresh database for one test file: migrations applied, the admin account
 * bootstrapped with a known application password, optionally the demo content, and a supertest
 * agent speaking HTTP to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { loadConfig, type Config } from '../../src/config';
import { bootstrap } from '../../src/db/bootstrap';
import { createDatabase, databaseOptions, type Database } from '../../src/db/client';
import { buildApp, type App } from '../../src/http/app';
import { PREMIUM_DASHBOARD_PUBLIC_KEY, SECURITY_TEST_SECRET_KEY } from './central';
import { createTestDatabase, type TestDatabase } from './database';

export const ADMIN_LOGIN = 'admin';
export const ADMIN_APP_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
export const SITE_URL = 'http://example.test';

export interface TestApp {
  request: TestAgent;
  app: App;
  db: Database;
  config: Config;
  /** `Authorization` header value for the bootstrapped administrator. */
  adminAuth: string;
  close(): Promise<void>;
}

export function basicAuth(login: string, password: string): string {
  return 'Basic ' + Buffer.from(`${login}:${password}`).toString('base64');
}

/** A new user of this role with an application password, made through REST; its `Authorization` header value. */
export async function userAuth(t: TestApp, login: string, role: string): Promise<string> {
  const user = await t.request.post('/wp-json/core/v2/users').set('Authorization', t.adminAuth)
    .send({ username: login, email: `${login}@example.com`, password: 'secret-1', roles: [role] }).expect(201);
  const password = await t.request.post(`/wp-json/core/v2/users/${user.body.id}/application-passwords`).set('Authorization', t.adminAuth).send({ name: 'tests' }).expect(201);
  return basicAuth(login, password.body.password as string);
}

/**
 * `sharedWith`: run a second instance on the database of another test app (several servers
 * behind one load balancer); closing it leaves that database alone.
 */
export async function startTestApp(env: Record<string, string> = {}, options: { seed?: boolean; sharedWith?: TestApp } = {}): Promise<TestApp> {
  const database: TestDatabase = options.sharedWith ? { url: options.sharedWith.db.url, drop: async () => undefined } : await createTestDatabase();
  // Uploads go to a directory of this app's own (removed on close) unless the test names one.
  const mediaDir = env.MEDIA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'content-site-media-'));
  const config = loadConfig({
    ...(mediaDir ? { MEDIA_DIR: mediaDir } : {}),
    DATABASE_URL: database.url,
    SITE_URL,
    ADMIN_USER: ADMIN_LOGIN,
    ADMIN_PASSWORD: 'correct horse battery staple',
    ADMIN_APP_PASSWORD,
    SEED_DEMO: options.seed ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    // Most suites write fixtures straight into the database and measure uncached costs; the cache's
    // own suites turn it on.
    CACHE_ENABLED: 'false',
    // A read that leaves the tracked fast path unannounced fails the test that made it.
    STRICT_READS: 'true',
    // The SEO analysis after each save runs in the background and would add its statements to the
    // counts other suites measure; the SEO suites turn it on.
    SEO_ANALYSIS_ON_SAVE: 'false',
    // The security pairing works, with the tests' fake dashboard (test/support/central.ts) as the dashboard.
    SECURITY_SECRET_KEY: SECURITY_TEST_SECRET_KEY,
    SECURITY_CENTRAL_PUBLIC_KEY: PREMIUM_DASHBOARD_PUBLIC_KEY,
    ...env,
  });
  const db = createDatabase(config.databaseUrl, { ...databaseOptions(config), poolSize: 4 });
  await bootstrap(config, db);
  const app = await buildApp(config, db, { logger: false });
  await app.fastify.ready();
  return {
    request: supertest(app.fastify.server),
    app,
    db,
    config,
    adminAuth: basicAuth(ADMIN_LOGIN, ADMIN_APP_PASSWORD),
    close: async () => {
      await app.fastify.close();
      await db.close();
      await database.drop();
      if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
