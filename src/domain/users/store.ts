/**
 * Trusted user writes without permission checks, for bootstrapping, seeding and the CLI (the
 * operator's tools). Requests go through the users resource, which checks capabilities first.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import type { User } from '../../generated/prisma-sqlite/client';
import { sanitizeSlug } from '../content/slug';
import { generateApplicationPassword, hashApplicationPassword, hashPassword } from './passwords';
import type { RoleName } from './roles';

export interface NewUser {
  login: string;
  email: string;
  password: string;
  role: RoleName;
  name?: string;
  firstName?: string;
  lastName?: string;
  nickname?: string;
  description?: string;
  url?: string;
  locale?: string;
  slug?: string;
}

export async function insertUser(db: Database, input: NewUser): Promise<User> {
  return db.prisma.user.create({
    data: {
      login: input.login,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      name: input.name ?? input.login,
      slug: input.slug ?? (sanitizeSlug(input.login) || input.login.toLowerCase()),
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      nickname: input.nickname ?? input.login,
      description: input.description ?? '',
      url: input.url ?? '',
      locale: input.locale ?? '',
      role: input.role,
    },
  });
}

export interface IssuedApplicationPassword {
  uuid: string;
  name: string;
  /** The plain password: shown once, never stored. */
  password: string;
  createdAt: Date;
}

export async function insertApplicationPassword(db: Database, userId: number, name: string, password = generateApplicationPassword(), appId = ''): Promise<IssuedApplicationPassword> {
  const row = await db.prisma.applicationPassword.create({
    data: { uuid: randomUUID(), userId, name, appId, passwordHash: hashApplicationPassword(password) },
  });
  return { uuid: row.uuid, name: row.name, password, createdAt: row.createdAt };
}
