/**
 * Yoast's SEO fields of a user's author archive (user meta `wpseo_title`, `wpseo_metadesc`,
 * `wpseo_noindex_author` = 'on'), kept in the user's Yoast meta row (user-meta.ts), written through
 * the `meta` of core/v2 users by who may edit the user (Yoast's profile screen: edit_user; the user
 * write checks it) and read by the author archive's head. The rules are meta-field-rules.ts's.
 */
import DataLoader from 'dataloader';
import type { Prisma } from '../../db/client';
import { defineLoader } from '../loaders';
import type { Viewer } from '../viewer';
import {
  changedFields, changesFromMeta, checkFieldChanges, fieldsFromMeta, LONG_TEXT, metaJsonOf, metaSchemaOf, TEXT,
  type FieldChanges, type FieldDef, type FieldTable, type MetaKeySchema,
} from './meta-field-rules';
import { parseSeoUserMeta, userMetaOptionName, writeSeoUserMeta, type SeoUserMeta } from './user-meta';

const USER_SEO_FIELDS = {
  title: TEXT,
  metadesc: LONG_TEXT,
  noindex_author: { kind: 'on', max: 3 },
} as const satisfies Record<string, FieldDef>;

export type UserSeoFieldName = keyof typeof USER_SEO_FIELDS;
export const USER_SEO_TABLE: FieldTable<UserSeoFieldName> = { prefix: 'wpseo_', fields: USER_SEO_FIELDS };
export type UserSeoFields = Readonly<Record<UserSeoFieldName, string>>;
export type UserSeoChanges = FieldChanges<UserSeoFieldName>;

/** The string values of a user's stored meta row, as meta entries. */
function metaMapOf(meta: SeoUserMeta): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(meta)) if (typeof value === 'string') out.set(key, value);
  return out;
}

/** A page of users' fields at once (one read of their meta rows). */
export const userSeoByUser = defineLoader('seo.userSeo', (db) =>
  new DataLoader<number, UserSeoFields>(async (ids) => {
    const rows = await db.read.option.findMany({ where: { name: { in: ids.map(userMetaOptionName) } } });
    const byName = new Map(rows.map((row) => [row.name, row.value]));
    return ids.map((id) => fieldsFromMeta(USER_SEO_TABLE, metaMapOf(parseSeoUserMeta(byName.get(userMetaOptionName(id))))));
  }),
);

export function userSeoMetaJson(fields: UserSeoFields): Record<string, string> {
  return metaJsonOf(USER_SEO_TABLE, fields);
}

export function userSeoMetaSchema(): Record<string, MetaKeySchema> {
  return metaSchemaOf(USER_SEO_TABLE);
}

/** The user SEO changes in a client's `meta` (throws rest_invalid_param for a bad value). */
export function userSeoChangesFromMeta(meta: unknown): UserSeoChanges | undefined {
  return changesFromMeta(USER_SEO_TABLE, meta);
}

/** Writes a user's SEO fields inside the user write's transaction (the caller checked edit_user). */
export async function writeUserSeoFields(tx: Prisma.TransactionClient, viewer: Viewer, userId: number, changes: UserSeoChanges | undefined): Promise<void> {
  if (!changes) return;
  const row = await tx.option.findUnique({ where: { name: userMetaOptionName(userId) } });
  const current = fieldsFromMeta(USER_SEO_TABLE, metaMapOf(parseSeoUserMeta(row?.value)));
  checkFieldChanges(USER_SEO_TABLE, viewer, changes, current);
  const changed = changedFields(USER_SEO_TABLE, changes, current);
  if (changed.length === 0) return;
  // A cleared field leaves the row (undefined is dropped from the stored JSON), as delete_user_meta.
  const update: SeoUserMeta = {};
  for (const [name, value] of changed) update[`${USER_SEO_TABLE.prefix}${name}` as keyof SeoUserMeta] = value ?? undefined;
  await writeSeoUserMeta(tx, userId, update);
}
