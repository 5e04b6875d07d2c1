/**
 * The rules wp_insert_term() and wp_update_term() apply to names and slugs: how a term name is
 * stored, when a new term duplicates an existing one (term_exists), and wp_unique_term_slug() —
 * a clashing slug first borrows its parents' slugs (child-parent), then takes the first free
 * numeric suffix (-2, -3 …) among the slugs of every taxonomy, as WordPress's shared terms table does.
 */
import type { Prisma } from '../../db/client';
import type { Term } from '../../generated/prisma-sqlite/client';
import type { TaxonomyDef } from '../content/taxonomies';
import { DomainError } from '../errors';

type Tx = Prisma.TransactionClient;

/**
 * The pre_term_name filters after sanitize_text_field: kses entity normalisation and
 * _wp_specialchars without double encoding, so "A & B" is stored as "A &amp; B".
 */
export function storedTermName(name: string): string {
  return name
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** PHP's trim() === '' check WordPress uses for "A name is required for this term." */
export function isBlankName(name: string): boolean {
  return name.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '') === '';
}

/** PHP's empty() on a slug string: "" and "0" count as no slug. */
export function isEmptySlug(slug: string | undefined): boolean {
  return slug === undefined || slug === '' || slug === '0';
}

/** strtolower() of PHP 8: ASCII letters only. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export function termExists(existingId: number, hierarchical: boolean): DomainError {
  const message = hierarchical ? 'A term with the name provided already exists with this parent.' : 'A term with the name provided already exists in this taxonomy.';
  // wp_insert_term attaches the id, then the controller adds {status, term_id}: the id stays as additional_data.
  return new DomainError('term_exists', message, 400, { term_id: existingId }, [], [existingId]);
}

/**
 * wp_insert_term()'s duplicate check: a term with the same name (ignoring ASCII case) at the same
 * level is a duplicate unless a new, unused slug was given explicitly.
 */
export async function assertNotDuplicate(tx: Tx, taxonomy: TaxonomyDef, name: string, slug: string, slugProvided: boolean, parentId: number): Promise<void> {
  const candidates = await tx.$queryRaw<Array<{ id: number | bigint; name: string; slug: string }>>`
    SELECT "id", "name", "slug" FROM "Term"
    WHERE "taxonomy" = ${taxonomy.slug} AND "parentId" = ${parentId} AND lower("name") = lower(${name})
    ORDER BY "name", "id"`;
  const sameLevel = candidates.map((c) => ({ id: Number(c.id), name: c.name, slug: c.slug }));
  const nameMatch = sameLevel.find((c) => asciiLower(c.name) === asciiLower(name));
  if (!nameMatch) return;
  const slugMatch = await tx.term.findUnique({ where: { taxonomy_slug: { taxonomy: taxonomy.slug, slug } }, select: { id: true, parentId: true } });
  if (slugProvided && nameMatch.slug !== slug && !slugMatch) return;
  if (!taxonomy.hierarchical) throw termExists(nameMatch.id, false);
  if ((!slugProvided || nameMatch.slug === slug) && sameLevel.some((c) => c.name === name)) throw termExists(nameMatch.id, true);
  if (slugMatch && slugMatch.parentId === parentId) throw termExists(slugMatch.id, true);
}

/** Whether any term of any taxonomy (other than `exceptId`) uses this slug: WordPress's term_exists( $slug ). */
async function slugUsedAnywhere(tx: Tx, slug: string, exceptId = 0): Promise<boolean> {
  return (await tx.term.count({ where: { slug, ...(exceptId ? { id: { not: exceptId } } : {}) } })) > 0;
}

/** wp_unique_term_slug() for a term of `taxonomy` under `parentId` (`selfId` when updating). */
export async function uniqueTermSlug(tx: Tx, taxonomy: TaxonomyDef, slug: string, parentId: number, selfId = 0): Promise<string> {
  const taken = await tx.term.findUnique({ where: { taxonomy_slug: { taxonomy: taxonomy.slug, slug } }, select: { id: true } });
  if (!taken) return slug;
  let candidate = slug;
  if (taxonomy.hierarchical && parentId > 0) {
    let suffix = '';
    const seen = new Set<number>();
    for (let id = parentId; id > 0 && !seen.has(id); ) {
      seen.add(id);
      const parent: Pick<Term, 'slug' | 'parentId'> | null = await tx.term.findFirst({ where: { id, taxonomy: taxonomy.slug }, select: { slug: true, parentId: true } });
      if (!parent) break;
      suffix += '-' + parent.slug;
      if (!(await slugUsedAnywhere(tx, slug + suffix))) break;
      id = parent.parentId;
    }
    candidate = slug + suffix;
  }
  if (!(await slugUsedAnywhere(tx, candidate, selfId))) return candidate;
  // One query for every numbered variant instead of one per attempt.
  const rows = await tx.term.findMany({ where: { slug: { startsWith: `${candidate}-` } }, select: { slug: true } });
  const used = new Set(rows.map((r) => r.slug));
  let n = 2;
  while (used.has(`${candidate}-${n}`)) n++;
  return `${candidate}-${n}`;
}
