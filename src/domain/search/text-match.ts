/**
 * Case-insensitive "contains" for raw SQL that answers the same on SQLite and PostgreSQL.
 *
 * Prisma's `contains` (the users resource's approach) is LIKE on SQLite and ILIKE with
 * `mode: 'insensitive'` on PostgreSQL: `%` and `_` in the searched text act as wildcards on both,
 * a backslash escapes on PostgreSQL only, and PostgreSQL folds the case of every letter while
 * SQLite folds ASCII only. WordPress escapes the text (esc_like) and MySQL's collation folds case.
 *
 * Here the text is never a pattern (instr/strpos find it literally) and both databases fold
 * exactly the ASCII letters, so "Hello" finds "hello" everywhere and "École" finds "école"
 * nowhere — the one rule both engines can share without extensions. This module is the only text
 * matching there is: raw-SQL reads use containsSql, and the lists built with Prisma (whose
 * `contains` would read `%` and `_` as wildcards) ask idsContaining for the matching rows.
 */
import type { Provider } from '../../config';
import { Prisma } from '../../generated/prisma-sqlite/client';
import type { DomainContext } from '../context';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** ASCII-only lower case, the folding both engines apply to columns below. */
export function foldCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** A column (or any text expression) with its ASCII letters lower-cased, for matching and ordering. */
export function foldedSql(provider: Provider, expression: Prisma.Sql): Prisma.Sql {
  // SQLite's lower() only folds ASCII; PostgreSQL's is Unicode-aware, so translate() instead.
  if (provider === 'postgresql') return Prisma.sql`translate(${expression}, ${Prisma.raw(`'${UPPER}'`)}, ${Prisma.raw(`'${LOWER}'`)})`;
  return Prisma.sql`lower(${expression})`;
}

/** `expression` contains `needle`, ignoring ASCII case; `needle` is matched literally. */
export function containsSql(provider: Provider, expression: Prisma.Sql, needle: string): Prisma.Sql {
  const folded = foldedSql(provider, expression);
  const text = foldCase(needle);
  if (provider === 'postgresql') return Prisma.sql`(strpos(${folded}, ${text}) > 0)`;
  return Prisma.sql`(instr(${folded}, ${text}) > 0)`;
}

/**
 * An ordering key equal on both engines: the folded text compared byte by byte (SQLite's BINARY
 * collation; PostgreSQL would otherwise use the database locale).
 */
export function sortKeySql(provider: Provider, expression: Prisma.Sql): Prisma.Sql {
  const folded = foldedSql(provider, expression);
  return provider === 'postgresql' ? Prisma.sql`${folded} COLLATE "C"` : folded;
}

/** `expression` equals `text` as a whole, ignoring ASCII case (search_semantics=exact). */
export function equalsSql(provider: Provider, expression: Prisma.Sql, text: string): Prisma.Sql {
  return Prisma.sql`(${foldedSql(provider, expression)} = ${foldCase(text)})`;
}

/**
 * The ids of the rows of `table` (narrowed by `scope`: columns equal to values) where one of
 * `columns` contains `text`, for a Prisma `where` (`{ id: { in } }`). `tags`: the cache tags covering every row that could match.
 */
export async function idsContaining(
  ctx: DomainContext,
  table: 'User' | 'Term' | 'Content' | 'VenueDetail' | 'OrganizerDetail',
  columns: readonly string[],
  text: string,
  scope: Readonly<Record<string, string | number>>,
  tags: readonly string[],
  idColumn = 'id',
): Promise<number[]> {
  if (!columns.length) return [];
  const any = Prisma.join(columns.map((name) => containsSql(ctx.db.provider, Prisma.raw(`"${name}"`), text)), ' OR ');
  const narrowed = Object.entries(scope).map(([name, value]) => Prisma.sql`${Prisma.raw(`"${name}"`)} = ${value}`);
  const where = Prisma.join([Prisma.sql`(${any})`, ...narrowed], ' AND ');
  const rows = await ctx.db.read.query<{ id: number | bigint }>(Prisma.sql`SELECT ${Prisma.raw(`"${idColumn}"`)} AS "id" FROM ${Prisma.raw(`"${table}"`)} WHERE ${where}`, tags);
  return rows.map((row) => Number(row.id));
}
