/**
 * "New" post types and taxonomies (Content_Type_Visibility_Dismiss_Notifications): the settings
 * mark content types made public since the last visit (`new_post_types`, `new_taxonomies` of the
 * wpseo option); dismissing one takes it off its list, and when both lists are empty the
 * notification goes too (`show_new_content_type_notification`).
 */
import type { DomainContext } from '../context';
import { postType } from '../content/post-types';
import { taxonomy } from '../content/taxonomies';
import { mergeSeoOption, writeSeoOption } from './options';
import { requireSeo } from './permissions';

export interface DismissResult {
  message: string;
  success: boolean;
  status: number;
}

export const postTypeExists = (name: unknown): boolean => typeof name === 'string' && postType(name) !== undefined;
export const taxonomyExists = (name: unknown): boolean => typeof name === 'string' && taxonomy(name) !== undefined;

async function dismiss(ctx: DomainContext, list: 'new_post_types' | 'new_taxonomies', name: string | undefined, messages: { notNew: string; done: string }): Promise<DismissResult> {
  requireSeo(ctx.viewer, 'edit_posts');
  return ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.option.findUnique({ where: { name: 'wpseo' } });
    const wpseo = mergeSeoOption('wpseo', row?.value);
    const names = Array.isArray(wpseo[list]) ? (wpseo[list] as unknown[]) : [];
    if (name === undefined || !names.includes(name)) return { message: messages.notNew, success: true, status: 200 };
    const remaining = names.filter((entry) => entry !== name);
    const other = list === 'new_post_types' ? wpseo.new_taxonomies : wpseo.new_post_types;
    const changes: Record<string, unknown> = { [list]: remaining };
    if (remaining.length === 0 && (!Array.isArray(other) || other.length === 0)) changes.show_new_content_type_notification = false;
    await writeSeoOption(tx, 'wpseo', changes);
    return { message: messages.done, success: true, status: 200 };
  });
}

export function dismissNewPostType(ctx: DomainContext, name: string | undefined): Promise<DismissResult> {
  return dismiss(ctx, 'new_post_types', name, { notNew: 'Post type is not new.', done: 'Post type is no longer new.' });
}

export function dismissNewTaxonomy(ctx: DomainContext, name: string | undefined): Promise<DismissResult> {
  return dismiss(ctx, 'new_taxonomies', name, { notNew: 'Taxonomy is not new.', done: 'Taxonomy is no longer new.' });
}
