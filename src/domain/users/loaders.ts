/**
 * Batched user reads for a request: the authors embedded with a page of posts are read with one
 * query, and whether each has visible content with one more.
 */
import DataLoader from 'dataloader';
import type { User } from '../../generated/prisma-sqlite/client';
import { byKeys, defineLoader } from '../loaders';

export const userById = defineLoader('userById', (db) =>
  new DataLoader<number, User | null>(async (ids) => byKeys(ids, await db.prisma.user.findMany({ where: { id: { in: [...ids] } } }), (u) => u.id)),
);

/** The statuses (publish, private) of an author's content of the given types, for visibility checks. */
export function visibleStatusesLoaderFor(types: readonly string[]) {
  return defineLoader(`visibleStatusesByAuthor:${types.join(',')}`, (db) =>
    new DataLoader<number, Set<string>>(async (ids) => {
      const rows = await db.prisma.content.groupBy({
        by: ['authorId', 'status'],
        where: { authorId: { in: [...ids] }, type: { in: [...types] }, status: { in: ['publish', 'private'] } },
      });
      return ids.map((id) => new Set(rows.filter((r) => r.authorId === id).map((r) => r.status)));
    }),
  );
}
