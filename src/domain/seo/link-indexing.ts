/**
 * The link pass (Post_Link_Indexing_Action, Term_Link_Indexing_Action): the links of an indexed
 * post's text or a term's description are stored and counted, for indexables whose links were
 * never indexed (`linkCount` null). Saving a post does this together with its analysis.
 */
import type { Config } from '../../config';
import type { Prisma } from '../../db/client';
import { renderContent } from '../content/format';
import { storeLinks } from './indexable-links';
import { extractLinks, siteAddressOf } from './link-extraction';
import { lockContentRow } from './post-snapshot';

type Tx = Prisma.TransactionClient;

/** Indexes the links of a post's indexable; false when the post is gone (the indexable then keeps no links). */
export async function indexPostLinks(tx: Tx, config: Config, indexable: { id: number; objectId: number; permalink: string | null }): Promise<boolean> {
  await lockContentRow(tx, indexable.objectId);
  const row = await tx.content.findUnique({ where: { id: indexable.objectId }, select: { content: true } });
  const html = row ? renderContent(row.content) : '';
  const base = indexable.permalink ?? `${config.siteUrl}/`;
  await storeLinks(tx, indexable.id, indexable.objectId, row ? extractLinks(html, base, siteAddressOf(config.siteUrl)) : []);
  return row !== null;
}

/** Indexes the links of a term's description (a term's links are in no post: postId 0). */
export async function indexTermLinks(tx: Tx, config: Config, indexable: { id: number; objectId: number; permalink: string | null }): Promise<void> {
  const term = await tx.term.findUnique({ where: { id: indexable.objectId }, select: { description: true } });
  const base = indexable.permalink ?? `${config.siteUrl}/`;
  await storeLinks(tx, indexable.id, 0, term ? extractLinks(term.description, base, siteAddressOf(config.siteUrl)) : []);
}
