/**
 * Batched user reads for a request: the authors embedded with a page of posts are read with one
 * query, and whether each has visible content with one more.
 */
import DataLoader from 'dataloader';
import { listTag } from '../../cache/tags';
import { Prisma, type User } from '../../generated/prisma-sqlite/client';
import { byKeys, defineLoader } from '../loaders';

export const userById = defineLoader('userById', (db) =>
  new DataLoader<number, User | null>(async (ids) => byKeys(ids, await db.read.user.findMany({ where: { id: { in: [...ids] } } }), (u) => u.id)),
);

/** The statuses (publish, private) of an author's content of the given types, for visibility checks. */
export function visibleStatusesLoaderFor(types: readonly string[]) {
  return defineLoader(`visibleStatusesByAuthor:${types.join(',')}`, (db) =>
    new DataLoader<number, Set<string>>(async (ids) => {
      // Which content of these types exists is a list of each type: its list tags cover every change.
      const rows = await db.read.query<{ authorId: number | bigint; status: string }>(
        Prisma.sql`
        SELECT DISTINCT "authorId", "status" FROM "Content"
        WHERE "authorId" IN (${Prisma.join([...ids])}) AND "type" IN (${Prisma.join([...types])}) AND "status" IN ('publish', 'private')`,
        types.map((type) => listTag('Content', type)),
      );
      return ids.map((id) => new Set(rows.filter((r) => Number(r.authorId) === id).map((r) => r.status)));
    }),
  );
}
