/**
 * get_term_by() for single lookups of every taxonomy (categories, tags, menus, event categories;
 * WPGraphQL's `idType: SLUG | NAME`): the id of the term whose slug or name is exactly the value,
 * or null. The caller then reads the term by id through its resource's getter, which applies that
 * resource's visibility rules.
 */
import type { DomainContext } from '../context';

export type TermLookupField = 'slug' | 'name';

export async function termIdBy(ctx: DomainContext, taxonomy: string, field: TermLookupField, value: string): Promise<number | null> {
  const where = field === 'slug' ? { taxonomy, slug: value } : { taxonomy, name: value };
  const term = await ctx.db.read.term.findFirst({ where, orderBy: { id: 'asc' }, select: { id: true } });
  return term?.id ?? null;
}
