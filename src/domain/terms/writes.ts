/**
 * Creating, updating and deleting terms as WP_REST_Terms_Controller does through wp_insert_term(),
 * wp_update_term() and wp_delete_term(). Every write is one transaction; a create or update that
 * loses a race on the (taxonomy, slug) unique index is replayed, so it ends exactly as the same
 * request would after the other one (term_exists, or the next free slug) — never a 500.
 */
import { deleteMenuItemsLinkedTo } from '../menus/menu-items';
import type { Prisma } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import { sanitizeSlug } from '../content/slug';
import type { TaxonomyDef } from '../content/taxonomies';
import type { DomainContext } from '../context';
import { DomainError, forbidden } from '../errors';
import { writeTermSeoFields, type TermSeoChanges } from '../seo/term-seo-fields';
import { recountTerms } from './counts';
import { canCreateTermIn, canEditTerm, type TermCreateRule } from './permissions';
import { lockTermWrites } from './write-lock';
import { assertNotDuplicate, isBlankName, isEmptySlug, storedTermName, uniqueTermSlug } from './slugs';
import { defaultTermId, describeTerms, findTerm, mayDeleteTerm, succeeds, termTaxonomy, type TermView } from './terms';

type Tx = Prisma.TransactionClient;

/** Writable fields; `undefined` leaves a field unchanged (on create: its default). */
export interface TermChanges {
  /** Already through sanitize_text_field (the REST argument sanitiser). */
  name?: string;
  /** Already through sanitize_title. */
  slug?: string;
  description?: string;
  /** As sent: categories take an integer; on a flat taxonomy any value is refused. */
  parent?: unknown;
  /** Yoast's SEO fields (term meta), already checked (term-seo-fields.ts). */
  seo?: TermSeoChanges;
}

export interface NewTerm extends TermChanges {
  name: string;
}

const RACE_RETRIES = 5;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === 'P2002';
}

/**
 * Runs a write transaction in which the term writes of one taxonomy take turns, so that the
 * duplicate-name and slug checks of concurrent requests see each other's rows. SQLite already runs
 * one write transaction at a time; PostgreSQL takes a transaction-scoped advisory lock. A unique
 * violation that still slips through (a write outside this module) replays the transaction.
 */
async function writeWithRetry<T>(ctx: DomainContext, taxonomy: TaxonomyDef, run: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.prisma.$transaction(async (tx) => {
        await lockTermWrites(tx, ctx.db.provider, taxonomy.slug);
        return run(tx);
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= RACE_RETRIES) throw error;
    }
  }
}

function blankName(): DomainError {
  // wp_insert_term's error has no status (WordPress would answer 500); it is the client's mistake.
  return new DomainError('empty_term_name', 'A name is required for this term.', 400);
}

/** PHP's (int) cast of the `parent` value. */
function intOf(value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const m = /^\s*[+-]?\d+/.exec(value);
    return m ? Number(m[0]) : 0;
  }
  return 0;
}

/**
 * The parent a request asks for: refused on flat taxonomies, and it must be a term of this
 * taxonomy unless it is 0. Returns undefined when no parent was sent.
 */
async function requestedParent(ctx: DomainContext, taxonomy: TaxonomyDef, parent: unknown): Promise<number | undefined> {
  if (parent === undefined || parent === null) return undefined;
  if (!taxonomy.hierarchical) {
    throw new DomainError('rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.', 400);
  }
  const id = intOf(parent);
  if (id === 0) return 0;
  if (!(await succeeds(() => findTerm(ctx, taxonomy, id)))) throw new DomainError('rest_term_invalid', 'Parent term does not exist.', 400);
  return id;
}

/** wp_check_term_hierarchy_for_loops(): a term cannot sit under itself or its own descendants. */
async function parentWithoutLoop(tx: Tx, taxonomy: TaxonomyDef, termId: number, parentId: number): Promise<number> {
  if (!parentId || parentId === termId) return 0;
  const seen = new Set<number>();
  for (let id = parentId; id > 0 && !seen.has(id); ) {
    if (id === termId) return 0;
    seen.add(id);
    const node = await tx.term.findFirst({ where: { id, taxonomy: taxonomy.slug }, select: { parentId: true } });
    if (!node) break;
    id = node.parentId;
  }
  return parentId;
}

async function viewOf(ctx: DomainContext, taxonomy: TaxonomyDef, term: Term): Promise<TermView> {
  ctx.loaders.clear();
  return (await describeTerms(ctx, taxonomy, [term]))[0];
}

/** POST /{taxonomy} (and WPGraphQL's create mutations, with their own permission rule). */
export async function createTerm(ctx: DomainContext, taxonomySlug: string, input: NewTerm, rule: TermCreateRule = 'rest'): Promise<TermView> {
  const taxonomy = termTaxonomy(taxonomySlug);
  if (!canCreateTermIn(ctx.viewer, taxonomy, rule)) {
    throw forbidden('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.', ctx.viewer);
  }
  const parentId = (await requestedParent(ctx, taxonomy, input.parent)) ?? 0;
  const name = storedTermName(input.name);
  if (isBlankName(name)) throw blankName();
  const slugProvided = !isEmptySlug(input.slug);
  const wanted = slugProvided ? (input.slug as string) : sanitizeSlug(name);

  const term = await writeWithRetry(ctx, taxonomy, async (tx) => {
    await assertNotDuplicate(tx, taxonomy, name, wanted, slugProvided, parentId);
    let slug = wanted ? await uniqueTermSlug(tx, taxonomy, wanted, parentId) : '';
    const created = await tx.term.create({
      data: { taxonomy: taxonomy.slug, name, slug: slug || `__pending-${process.hrtime.bigint()}`, description: input.description ?? '', parentId },
    });
    await writeTermSeoFields(tx, ctx.viewer, created.id, input.seo);
    if (slug) return created;
    // A name without any slug-worthy character: WordPress falls back to the term id.
    slug = await uniqueTermSlug(tx, taxonomy, String(created.id), parentId, created.id);
    return tx.term.update({ where: { id: created.id }, data: { slug } });
  });
  return viewOf(ctx, taxonomy, term);
}

/** update_item_permissions_check: the term must exist and the viewer needs edit_term. */
async function assertCanUpdate(ctx: DomainContext, taxonomy: TaxonomyDef, id: number): Promise<Term> {
  const term = await findTerm(ctx, taxonomy, id);
  if (!canEditTerm(ctx.viewer, taxonomy)) throw forbidden('rest_cannot_update', 'Sorry, you are not allowed to edit this term.', ctx.viewer);
  return term;
}

/** POST/PUT/PATCH /{taxonomy}/{id}: a partial update. */
export async function updateTerm(ctx: DomainContext, taxonomySlug: string, id: number, changes: TermChanges): Promise<TermView> {
  const taxonomy = termTaxonomy(taxonomySlug);
  await assertCanUpdate(ctx, taxonomy, id);
  const parent = await requestedParent(ctx, taxonomy, changes.parent);

  const term = await writeWithRetry(ctx, taxonomy, async (tx) => {
    const current = await tx.term.findUnique({ where: { id } });
    if (!current || current.taxonomy !== taxonomy.slug) throw new DomainError('rest_term_invalid', 'Term does not exist.', 404);
    const name = changes.name !== undefined ? storedTermName(changes.name) : current.name;
    if (isBlankName(name)) throw blankName();
    const parentId = parent === undefined ? current.parentId : await parentWithoutLoop(tx, taxonomy, current.id, parent);
    const sentSlug = changes.slug !== undefined ? changes.slug : current.slug;
    const emptySlug = isEmptySlug(sentSlug);
    let slug = emptySlug ? sanitizeSlug(name) : sentSlug;
    const clash = slug ? await tx.term.findUnique({ where: { taxonomy_slug: { taxonomy: taxonomy.slug, slug } }, select: { id: true } }) : null;
    if (clash && clash.id !== current.id) {
      if (!emptySlug && parentId === current.parentId) {
        // No status in WordPress (a 500 there); the client asked for a taken slug.
        throw new DomainError('duplicate_term_slug', `The slug &#8220;${slug}&#8221; is already in use by another term.`, 400);
      }
      slug = await uniqueTermSlug(tx, taxonomy, slug, parent ?? current.parentId, current.id);
    }
    if (!slug) slug = await uniqueTermSlug(tx, taxonomy, String(current.id), parentId, current.id);
    await writeTermSeoFields(tx, ctx.viewer, current.id, changes.seo);
    return tx.term.update({
      where: { id: current.id },
      data: { name, slug, parentId, description: changes.description !== undefined ? changes.description : current.description },
    });
  });
  return viewOf(ctx, taxonomy, term);
}

/** delete_item_permissions_check: the term must exist and the viewer needs delete_term. */
async function assertCanDelete(ctx: DomainContext, taxonomy: TaxonomyDef, id: number): Promise<Term> {
  const term = await findTerm(ctx, taxonomy, id);
  if (!(await mayDeleteTerm(ctx, taxonomy, term.id))) {
    throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this term.', ctx.viewer);
  }
  return term;
}

/**
 * wp_delete_term(): children move up to the deleted term's parent; content that loses its only
 * category gets the default category (when it exists); the relationships and meta go with the term.
 */
async function removeTerm(tx: Tx, taxonomy: TaxonomyDef, term: Term, defaultId: number): Promise<void> {
  if (taxonomy.hierarchical) {
    await tx.term.updateMany({ where: { taxonomy: taxonomy.slug, parentId: term.id }, data: { parentId: term.parentId } });
  }
  let reassigned = 0;
  if (defaultId > 0 && defaultId !== term.id && (await tx.term.count({ where: { id: defaultId, taxonomy: taxonomy.slug } })) > 0) {
    // Every record whose only term of this taxonomy is the deleted one, found in one statement and
    // linked in one more: through createMany the write names exactly the records it changed (a raw
    // INSERT … SELECT would have to invalidate every cached answer).
    const orphans = await tx.$queryRaw<Array<{ contentId: number | bigint }>>`
      SELECT r."contentId" FROM "TermRelationship" r
      WHERE r."termId" = ${term.id}
        AND (SELECT COUNT(*) FROM "TermRelationship" r2 JOIN "Term" t ON t."id" = r2."termId"
             WHERE r2."contentId" = r."contentId" AND t."taxonomy" = ${taxonomy.slug}) = 1`;
    if (orphans.length) {
      const links = orphans.map((row) => ({ contentId: Number(row.contentId), termId: defaultId, order: 0 }));
      reassigned = (await tx.termRelationship.createMany({ data: links })).count;
    }
  }
  await tx.term.delete({ where: { id: term.id } });
  if (reassigned > 0) await recountTerms(tx, [defaultId]);
}

/**
 * DELETE /{taxonomy}/{id}: terms cannot be trashed; `force` as the client gave it: false asks for a trash
 * these records do not have (501, as WordPress's REST answers); unsaid (WPGraphQL's delete mutation,
 * which takes no forceDelete for them), it deletes. Returns the term as it was (view context).
 */
export async function deleteTerm(ctx: DomainContext, taxonomySlug: string, id: number, options: { force?: boolean }): Promise<TermView> {
  const taxonomy = termTaxonomy(taxonomySlug);
  const term = await assertCanDelete(ctx, taxonomy, id);
  if (options.force === false) throw new DomainError('rest_trash_not_supported', "Terms do not support trashing. Set 'force=true' to delete.", 501);
  const previous = (await describeTerms(ctx, taxonomy, [term]))[0];
  const defaultId = await defaultTermId(ctx, taxonomy);
  await writeWithRetry(ctx, taxonomy, async (tx) => {
    const current = await tx.term.findUnique({ where: { id: term.id } });
    if (!current) throw new DomainError('rest_term_invalid', 'Term does not exist.', 404);
    await removeTerm(tx, taxonomy, current, defaultId);
    // _wp_delete_tax_menu_item: menu items that pointed at the term go with it.
    await deleteMenuItemsLinkedTo(tx, { kind: 'term', taxonomy: taxonomy.slug, id: current.id });
  });
  ctx.loaders.clear();
  return previous;
}

/** For the Allow header: whether POST on the collection would be permitted. */
export function canCreateTerms(ctx: DomainContext, taxonomySlug: string): boolean {
  return canCreateTermIn(ctx.viewer, termTaxonomy(taxonomySlug));
}

/** For the Allow header: whether POST/PUT/PATCH on the term would be permitted. */
export function canUpdateTerm(ctx: DomainContext, taxonomySlug: string, id: number): Promise<boolean> {
  return succeeds(() => assertCanUpdate(ctx, termTaxonomy(taxonomySlug), id));
}

/** For the Allow header: whether DELETE on the term would be permitted. */
export function canRemoveTerm(ctx: DomainContext, taxonomySlug: string, id: number): Promise<boolean> {
  return succeeds(() => assertCanDelete(ctx, termTaxonomy(taxonomySlug), id));
}
