/**
 * Reading one event (Single_Event::get and its checks, in the plugin's order) and the rules of
 * password-protected events (Validator::can_access_password_content).
 */
import type { Content } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import { isStorableId } from '../terms/loaders';
import { invalidParam } from './linked';
import { eventById } from './loaders';
import { canEditRecord, canReadRecord } from './permissions';
import { EVENT_TYPE, type EventRecord } from './types';
import { findBySlug } from './validators';

export interface EventReadOptions {
  /** The `password` argument. */
  password?: string;
  context?: string;
}

/** Whether the request may see a protected record's content (no password, edit rights in edit context, or the password). */
export function canAccessPassword(ctx: DomainContext, row: Pick<Content, 'password' | 'type' | 'status' | 'authorId'>, options: EventReadOptions): boolean {
  if (row.password === '') return true;
  if (options.context === 'edit' && canEditRecord(ctx.viewer, row)) return true;
  return options.password !== undefined && options.password === row.password;
}

/**
 * Whether a calendar record's description may be shown to a reader who sends no password (a
 * GraphQL read): it is unprotected, or the viewer may edit it.
 */
export function descriptionVisibleWithoutPassword(ctx: DomainContext, row: Pick<Content, 'password' | 'type' | 'status' | 'authorId'>): boolean {
  return canAccessPassword(ctx, row, { context: 'edit' });
}

/** The event with this id, or the `id` argument's failure (the plugin validates it with is_event_id). */
export async function findEvent(ctx: DomainContext, id: number, param = 'id'): Promise<EventRecord> {
  const record = isStorableId(id) ? await eventById(ctx).load(id) : null;
  if (!record) throw invalidParam(param);
  return record;
}

/** The id of the event with this slug, or the `slug` argument's failure (is_event_slug). */
export async function eventIdBySlug(ctx: DomainContext, slug: string): Promise<number> {
  const id = await findBySlug(ctx, EVENT_TYPE, slug);
  if (id === null) throw invalidParam('slug');
  return id;
}

/**
 * GET /events/{id} as The Events Calendar 6.17.1 answers it (Single_Event::get): unpublished
 * without read_post 403, password not proven 403. A trashed event is one more unpublished record:
 * its author and those who may edit it still read it; others get `event-not-accessible`.
 */
export async function getEvent(ctx: DomainContext, id: number, options: EventReadOptions = {}): Promise<EventRecord> {
  const record = await findEvent(ctx, id);
  if (!canReadRecord(ctx.viewer, record.row)) throw new DomainError('event-not-accessible', 'The requested event is not accessible', 403);
  if (!canAccessPassword(ctx, record.row, options)) throw new DomainError('event-password-protected', 'The requested event is not accessible without a password', 403);
  return record;
}

export async function getEventBySlug(ctx: DomainContext, slug: string, options: EventReadOptions = {}): Promise<EventRecord> {
  return getEvent(ctx, await eventIdBySlug(ctx, slug), options);
}
