/**
 * Helpers of the SEO suites: SEO meta written as the plugin stores it (straight into the database,
 * then the record saved through REST so its analysis runs), and waiting for the stored analysis by
 * polling it — never by sleeping a fixed time.
 */
import type { TestApp } from './app';

export type StoredIndexable = NonNullable<Awaited<ReturnType<TestApp['db']['prisma']['seoIndexable']['findFirst']>>>;

/** Polls the post's indexable until `ready` holds (the analysis runs after the write's answer). */
export async function waitForIndexable(t: TestApp, postId: number, ready: (row: StoredIndexable) => boolean = () => true, tries = 500): Promise<StoredIndexable> {
  let last: StoredIndexable | null = null;
  for (let i = 0; i < tries; i += 1) {
    last = await t.db.prisma.seoIndexable.findFirst({ where: { objectType: 'post', objectId: postId } });
    if (last && ready(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the indexable of post ${postId} never got ready; last: ${JSON.stringify(last)}`);
}

/** Sets post meta as the plugin stores it (one row per key). */
export async function setPostMeta(t: TestApp, postId: number, meta: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(meta)) {
    await t.db.prisma.contentMeta.deleteMany({ where: { contentId: postId, key } });
    await t.db.prisma.contentMeta.create({ data: { contentId: postId, key, value } });
  }
}
