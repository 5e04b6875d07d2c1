/**
 * One entry point to the head of anything a page shows (the GraphQL `seo` field asks here): the
 * subject is read with the viewer's rights (an item the viewer may not read is the read's own
 * error), then described by the head of its kind.
 */
import type { DomainContext } from '../context';
import { getEvent } from '../events/events';
import { getMediaItem } from '../media/media-items';
import { loadRecord, readError, findPost } from '../posts/records';
import type { PostRecord, PostTypeName } from '../posts/types';
import { contentById } from '../posts/loaders';
import { DomainError } from '../errors';
import { getEventTerm } from '../events/terms';
import { getOrganizer } from '../events/organizers';
import { getVenue } from '../events/venues';
import { EVENT_CATEGORY } from '../events/types';
import { homeHead, postTypeArchiveHead, termHead, termHeadById, userHead } from './head-archive';
import { eventHead } from './head-event';
import { attachmentHead } from './head-attachment';
import { linkedRecordHead } from './head-linked';
import { postHeadFacts, postHeadFrom, postHeadKey } from './head-post';
import { headTexts, memoisedHead, type HeadTexts } from './head-memo';
import type { HeadSubject, SeoHead } from './head-types';

export type { HeadSubject, SeoHead } from './head-types';
export { seoHeadHtml } from './head-html';

function notFound(): DomainError {
  return new DomainError('rest_post_invalid_id', 'Invalid post ID.', 404);
}

/**
 * The head of a post, page or attachment record with its texts: a post's or page's made once for
 * the same facts (head-memo.ts), an attachment's made now (it is not kept).
 */
export async function postRecordHeadTexts(ctx: DomainContext, record: PostRecord): Promise<HeadTexts> {
  if (record.row.type === 'attachment') return headTexts(await attachmentHead(ctx, record));
  const facts = await postHeadFacts(ctx, record);
  return memoisedHead(postHeadKey(facts), () => postHeadFrom(facts));
}

/** The head of a subject with its texts (null for a user that does not exist). */
export async function seoHeadTextsOf(ctx: DomainContext, subject: HeadSubject): Promise<HeadTexts | null> {
  switch (subject.kind) {
    case 'post': {
      const row = Number.isInteger(subject.id) && subject.id > 0 ? await contentById(ctx).load(subject.id) : null;
      // A media item's page has its own head (head-attachment.ts), as the media routes show it.
      if (row?.type === 'attachment') return headTexts(await attachmentHead(ctx, await loadRecord(ctx, await getMediaItem(ctx, row.id))));
      if (!row || (row.type !== 'post' && row.type !== 'page')) throw notFound();
      const found = await findPost(ctx, row.type as PostTypeName, row.id);
      const error = readError(ctx, found, { context: 'view' });
      if (error) throw error;
      return postRecordHeadTexts(ctx, await loadRecord(ctx, found));
    }
    case 'event':
      return eventHead(ctx, await getEvent(ctx, subject.id));
    // Venues and organizers as events/v1 shows them (the linked records' read rules).
    case 'venue':
      return linkedRecordHead(ctx, await getVenue(ctx, subject.id));
    case 'organizer':
      return linkedRecordHead(ctx, await getOrganizer(ctx, subject.id));
    case 'term':
      // Event categories live at The Events Calendar's addresses (/events/category/<slug>/), as their pages do.
      if (subject.taxonomy === EVENT_CATEGORY) return termHead(ctx, await getEventTerm(ctx, EVENT_CATEGORY, subject.id), { page: subject.page, pageTotal: subject.pageTotal });
      return termHeadById(ctx, subject.taxonomy, subject.id, { page: subject.page, pageTotal: subject.pageTotal });
    case 'user':
      return userHead(ctx, subject.id, { page: subject.page, pageTotal: subject.pageTotal });
    case 'home':
      return homeHead(ctx, { page: subject.page, pageTotal: subject.pageTotal });
    case 'post-type-archive':
      return postTypeArchiveHead(ctx, subject.postType, subject.url, { page: subject.page, pageTotal: subject.pageTotal });
  }
}

/** The head object of a subject (null for a user that does not exist). */
export async function seoHeadOf(ctx: DomainContext, subject: HeadSubject): Promise<SeoHead | null> {
  return (await seoHeadTextsOf(ctx, subject))?.head ?? null;
}
