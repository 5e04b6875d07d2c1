/**
 * First-start work: the admin account (from ADMIN_* variables, or generated and printed once)
 * and the demo site (into an empty database only). Safe when several instances start together.
 */
import type { Config } from '../config';
import { insertApplicationPassword, insertUser } from '../domain/users/store';
import { generateApplicationPassword, verifyApplicationPassword } from '../domain/users/passwords';
import type { Database } from './client';
import { seedDemoSite } from './seed';

export interface BootstrapReport {
  /** Credentials created on this start, to print once. */
  created?: { login: string; password?: string; applicationPassword?: string };
  seeded: boolean;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002';
}

async function ensureAdmin(config: Config, db: Database): Promise<BootstrapReport['created']> {
  const login = config.adminUser ?? 'admin';
  let user = await db.prisma.user.findUnique({ where: { login }, include: { applicationPasswords: true } });
  let created: BootstrapReport['created'];
  if (!user) {
    const anyUser = await db.prisma.user.findFirst({ select: { id: true } });
    if (anyUser && !config.adminUser) return undefined; // an existing site without ADMIN_USER: nothing to do
    const password = config.adminPassword ?? generateApplicationPassword();
    try {
      await insertUser(db, { login, email: config.adminEmail ?? `${login}@example.com`, password, role: 'administrator', name: login });
      created = { login, password: config.adminPassword ? undefined : password };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // another instance created it first
    }
    user = await db.prisma.user.findUnique({ where: { login }, include: { applicationPasswords: true } });
    if (!user) return created;
  }
  const wanted = config.adminAppPassword;
  if (wanted) {
    if (!user.applicationPasswords.some((p) => verifyApplicationPassword(wanted, p.passwordHash))) {
      await insertApplicationPassword(db, user.id, 'ADMIN_APP_PASSWORD', wanted);
    }
  } else if (created && user.applicationPasswords.length === 0) {
    const issued = await insertApplicationPassword(db, user.id, 'first start');
    created.applicationPassword = issued.password;
  }
  return created;
}

export async function bootstrap(config: Config, db: Database): Promise<BootstrapReport> {
  const created = await ensureAdmin(config, db);
  const seeded = config.seedDemo ? await seedDemoSite(db, config) : false;
  return { created, seeded };
}
