/**
 * get_user_by() for both faces: a user by slug (user_nicename), e-mail address or login, compared
 * as WordPress's collation compares them (ignoring case, as the uniqueness checks on writes do),
 * and seen as the viewer may see them. Looking a user up by account data (e-mail, login) is for
 * those who may see that data: the user themself and those who may edit users.
 */
import { listTag } from '../../cache/tags';
import { Prisma, type User } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { canEditUserRecord, getUser } from './users';

export type UserLookupField = 'slug' | 'email' | 'login';

const COLUMNS: Record<UserLookupField, Prisma.Sql> = {
  slug: Prisma.sql`"slug"`,
  email: Prisma.sql`"email"`,
  login: Prisma.sql`"login"`,
};

/**
 * The user whose field equals the value (ignoring case), or null when there is none or the viewer
 * may not look them up by it; getUser's errors when the viewer may not see them.
 */
export async function findUserBy(ctx: DomainContext, field: UserLookupField, value: string): Promise<User | null> {
  // Any user written may become (or stop being) the match: the users list tag covers them all.
  const rows = await ctx.db.read.query<{ id: number | bigint }>(
    Prisma.sql`SELECT "id" FROM "User" WHERE lower(${COLUMNS[field]}) = lower(${value}) ORDER BY "id" LIMIT 1`,
    [listTag('User')],
  );
  if (!rows.length) return null;
  const id = Number(rows[0].id);
  if (field !== 'slug' && !canEditUserRecord(ctx.viewer, id)) return null;
  return getUser(ctx, id);
}
