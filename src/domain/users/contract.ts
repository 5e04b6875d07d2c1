/**
 * The contract of users, both faces' one source: the item schema and argument tables of
 * WordPress's users controller (list filters with their defaults, caps and enums; write fields with
 * their sanitisers) and the normalisation of checked arguments into the domain's query and changes.
 */
import { seoHeadProperties } from '../seo/head-contract';
import { userSeoChangesFromMeta, userSeoMetaSchema } from '../seo/user-seo-fields';
import { sanitizeSlug } from '../content/slug';
import { sanitizeTextField } from '../text';
import { argsFromSchema, contextParam } from '../../schema/item-schema';
import { asList } from '../../schema/params';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { AVATAR_SIZES } from './links';
import { PUBLISHED_AUTHOR_TYPES, checkUserPassword, checkUsername, type UserChanges, type UserListQuery } from './users';

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const ALL_CONTEXTS = ['embed', 'view', 'edit'];

export function userSchema(): ItemSchema {
  const avatarProperties: Record<string, ArgSchema> = {};
  for (const size of AVATAR_SIZES) {
    avatarProperties[String(size)] = { description: `Avatar URL with image size of ${size} pixels.`, type: 'string', format: 'uri', context: ALL_CONTEXTS };
  }
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'user',
    type: 'object',
    properties: {
      id: { description: 'Unique identifier for the user.', type: 'integer', context: ALL_CONTEXTS, readonly: true },
      username: { description: 'Login name for the user.', type: 'string', context: ['edit'], required: true },
      name: { description: 'Display name for the user.', type: 'string', context: ALL_CONTEXTS },
      first_name: { description: 'First name for the user.', type: 'string', context: ['edit'] },
      last_name: { description: 'Last name for the user.', type: 'string', context: ['edit'] },
      email: { description: 'The email address for the user.', type: 'string', format: 'email', context: ['edit'], required: true },
      url: { description: 'URL of the user.', type: 'string', format: 'uri', context: ALL_CONTEXTS },
      description: { description: 'Description of the user.', type: 'string', context: ALL_CONTEXTS },
      link: { description: 'Author URL of the user.', type: 'string', format: 'uri', context: ALL_CONTEXTS, readonly: true },
      locale: { description: 'Locale for the user.', type: 'string', enum: ['', 'en_US'], context: ['edit'] },
      nickname: { description: 'The nickname for the user.', type: 'string', context: ['edit'] },
      slug: { description: 'An alphanumeric identifier for the user.', type: 'string', context: ALL_CONTEXTS },
      registered_date: { description: 'Registration date for the user.', type: 'string', format: 'date-time', context: ['edit'], readonly: true },
      roles: { description: 'Roles assigned to the user.', type: 'array', items: { type: 'string' }, context: ['edit'] },
      password: { description: 'Password for the user (never included).', type: 'string', context: [], required: true },
      capabilities: { description: 'All capabilities assigned to the user.', type: 'object', context: ['edit'], readonly: true },
      extra_capabilities: { description: 'Any extra capabilities assigned to the user.', type: 'object', context: ['edit'], readonly: true },
      avatar_urls: { description: 'Avatar URLs for the user.', type: 'object', context: ALL_CONTEXTS, readonly: true, properties: avatarProperties },
      // Yoast's author-archive SEO fields (edit context).
      meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: userSeoMetaSchema() },
      ...seoHeadProperties(),
    },
  };
}

export const USER_SCHEMA = userSchema();

/** The schema properties' arg_options. */
const WRITE_HOOKS: Record<string, Partial<ArgSchema>> = {
  username: { sanitize: checkUsername },
  name: { sanitize: (v) => sanitizeTextField(v) },
  first_name: { sanitize: (v) => sanitizeTextField(v) },
  last_name: { sanitize: (v) => sanitizeTextField(v) },
  nickname: { sanitize: (v) => sanitizeTextField(v) },
  slug: { sanitize: (v) => sanitizeSlug(String(v)) },
  password: { sanitize: checkUserPassword },
};

/** get_collection_params() of the users controller. */
export function collectionArgs(): Record<string, ArgSchema> {
  return {
    context: contextParam(USER_SCHEMA),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [], validateOnSanitize: true },
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true },
    order: { default: 'asc', description: 'Order sort attribute ascending or descending.', enum: ['asc', 'desc'], type: 'string', validateOnSanitize: true },
    orderby: {
      default: 'name',
      description: 'Sort collection by user attribute.',
      enum: ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'],
      type: 'string',
      validateOnSanitize: true,
    },
    slug: { description: 'Limit result set to users with one or more specific slugs.', type: 'array', items: { type: 'string' }, validateOnSanitize: true },
    roles: {
      description: 'Limit result set to users matching at least one specific role provided. Accepts csv list or single role.',
      type: 'array',
      items: { type: 'string' },
      validateOnSanitize: true,
    },
    capabilities: {
      description: 'Limit result set to users matching at least one specific capability provided. Accepts csv list or single capability.',
      type: 'array',
      items: { type: 'string' },
      validateOnSanitize: true,
    },
    who: { description: 'Limit result set to users who are considered authors.', type: 'string', enum: ['authors'], validateOnSanitize: true },
    has_published_posts: {
      description: 'Limit result set to users who have published posts.',
      type: ['boolean', 'array'],
      items: { type: 'string', enum: [...PUBLISHED_AUTHOR_TYPES] },
      validateOnSanitize: true,
    },
    search_columns: {
      default: [],
      description: 'Array of column names to be searched.',
      type: 'array',
      items: { enum: ['email', 'name', 'id', 'username', 'slug'], type: 'string' },
      validateOnSanitize: true,
    },
  };
}

/** The writable fields the request carries, with WordPress's names mapped to the domain's. */
export function changesFrom(request: ArgsView): UserChanges {
  const has = (name: string) => request.has(name);
  const text = (name: string) => (has(name) ? asString(request.get(name)) ?? String(request.get(name)) : undefined);
  const changes: UserChanges = {};
  if (has('username')) changes.username = text('username');
  if (has('name')) changes.name = text('name');
  if (has('first_name')) changes.firstName = text('first_name');
  if (has('last_name')) changes.lastName = text('last_name');
  if (has('email')) changes.email = text('email');
  if (has('url')) changes.url = text('url');
  if (has('description')) changes.description = text('description');
  if (has('locale')) changes.locale = text('locale');
  if (has('nickname')) changes.nickname = text('nickname');
  if (has('slug')) changes.slug = text('slug');
  if (has('roles')) changes.roles = asList(request.get('roles'));
  if (has('password')) changes.password = text('password');
  if (has('meta')) changes.seo = userSeoChangesFromMeta(request.get('meta'));
  return changes;
}

/** The collection parameters as the domain's UserListQuery. */
export function userListQuery(request: ArgsView): UserListQuery {
  const p = request.params;
  const hasPublished = p.has_published_posts;
  return {
    context: asString(p.context),
    page: p.page as number,
    perPage: p.per_page as number,
    offset: p.offset as number | undefined,
    search: asString(p.search),
    searchColumns: p.search_columns as string[] | undefined,
    include: p.include as number[] | undefined,
    exclude: p.exclude as number[] | undefined,
    order: p.order === 'desc' ? 'desc' : 'asc',
    orderby: asString(p.orderby),
    slugs: p.slug as string[] | undefined,
    roles: p.roles as string[] | undefined,
    capabilities: p.capabilities as string[] | undefined,
    who: asString(p.who),
    hasPublishedPosts: hasPublished === true || Array.isArray(hasPublished) ? (hasPublished as true | string[]) : undefined,
  };
}

/** The create / update parameters (user names and slugs sanitised as WordPress does). */
export function userWriteArgs(mode: 'create' | 'update'): Record<string, ArgSchema> {
  return argsFromSchema(USER_SCHEMA, mode, WRITE_HOOKS);
}
