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
 * nowhere — the one rule both engines can share without extensions.
 */
import type { Provider } from '../../config';
import { Prisma } from '../../generated/prisma-sqlite/client';

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
