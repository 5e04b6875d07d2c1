/**
 * The contract of posts and pages, both faces' one source: item schemas and argument tables of
 * WordPress's posts, revisions and autosaves controllers (list filters with their defaults, caps and
 * enums; write fields and their rules), built once per post type from the type's supports in
 * WordPress's declaration order (the REST index prints them in that order), and the normalisation
 * of checked arguments into the domain's queries and changes.
 */
import { sanitizeSlug } from '../content/slug';
import { restTaxonomiesOf } from '../content/taxonomies';
import type { PostListQuery, TermFilter } from './query';
import type { RevisionListQuery } from './revisions';
import { FILTER_STATUSES, POST_FORMATS, WRITABLE_STATUSES, type NewPost, type PostTypeName } from './types';
import { postTypeDef } from './records';
import { sanitizeTextField } from '../text';
import { seoChangesFromMeta, seoMetaSchema } from '../seo/meta-fields';
import { seoHeadProperties } from '../seo/head-contract';
import type { ArgSchema, ArgsView, ItemSchema } from '../../schema/types';
import { argsFromSchema, contextParam } from '../../schema/item-schema';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

/** The attributes WordPress builds the schema from for these two types (its "fixed schemas"). */
const FIXED_SUPPORTS: Record<PostTypeName, readonly string[]> = {
  post: ['title', 'editor', 'author', 'excerpt', 'thumbnail', 'comments', 'revisions', 'post-formats', 'custom-fields'],
  page: ['title', 'editor', 'author', 'excerpt', 'thumbnail', 'comments', 'revisions', 'page-attributes', 'custom-fields'],
  attachment: ['title', 'author', 'thumbnail', 'comments', 'revisions', 'custom-fields'],
};

function titleProperty(): ArgSchema {
  return {
    description: 'The title for the post.',
    type: 'object',
    context: ALL,
    properties: {
      raw: { description: 'Title for the post, as it exists in the database.', type: 'string', context: EDIT },
      rendered: { description: 'HTML title for the post, transformed for display.', type: 'string', context: ALL, readonly: true },
    },
  };
}

function contentProperty(): ArgSchema {
  return {
    description: 'The content for the post.',
    type: 'object',
    context: VIEW_EDIT,
    properties: {
      raw: { description: 'Content for the post, as it exists in the database.', type: 'string', context: EDIT },
      rendered: { description: 'HTML content for the post, transformed for display.', type: 'string', context: VIEW_EDIT, readonly: true },
      block_version: { description: 'Version of the content block format used by the post.', type: 'integer', context: EDIT, readonly: true },
      protected: { description: 'Whether the content is protected with a password.', type: 'boolean', context: ALL, readonly: true },
    },
  };
}

function excerptProperty(): ArgSchema {
  return {
    description: 'The excerpt for the post.',
    type: 'object',
    context: ALL,
    properties: {
      raw: { description: 'Excerpt for the post, as it exists in the database.', type: 'string', context: EDIT },
      rendered: { description: 'HTML excerpt for the post, transformed for display.', type: 'string', context: ALL, readonly: true },
      protected: { description: 'Whether the excerpt is protected with a password.', type: 'boolean', context: ALL, readonly: true },
    },
  };
}

function guidProperty(): ArgSchema {
  return {
    description: 'The globally unique identifier for the post.',
    type: 'object',
    context: VIEW_EDIT,
    readonly: true,
    properties: {
      raw: { description: 'GUID for the post, as it exists in the database.', type: 'string', context: EDIT, readonly: true },
      rendered: { description: 'GUID for the post, transformed for display.', type: 'string', context: VIEW_EDIT, readonly: true },
    },
  };
}

/**
 * WP_REST_Post_Meta_Fields::get_field_schema(): the key core registers (footnotes, 6.3) and, on
 * posts and pages, Yoast's SEO fields (revisions do not keep them).
 */
function metaProperty(withSeo = true): ArgSchema {
  return {
    description: 'Meta fields.',
    type: 'object',
    context: VIEW_EDIT,
    properties: { footnotes: { type: 'string', title: '', description: '', default: '' }, ...(withSeo ? seoMetaSchema() : {}) },
  };
}

/** get_item_schema() of WP_REST_Posts_Controller for a post type. */
export function postSchema(type: PostTypeName): ItemSchema {
  const def = postTypeDef(type);
  const properties: Record<string, ArgSchema> = {
    date: { description: "The date the post was published, in the site's timezone.", type: ['string', 'null'], format: 'date-time', context: ALL },
    date_gmt: { description: 'The date the post was published, as GMT.', type: ['string', 'null'], format: 'date-time', context: VIEW_EDIT },
    guid: guidProperty(),
    id: { description: 'Unique identifier for the post.', type: 'integer', context: ALL, readonly: true },
    link: { description: 'URL to the post.', type: 'string', format: 'uri', context: ALL, readonly: true },
    modified: { description: "The date the post was last modified, in the site's timezone.", type: 'string', format: 'date-time', context: VIEW_EDIT, readonly: true },
    modified_gmt: { description: 'The date the post was last modified, as GMT.', type: 'string', format: 'date-time', context: VIEW_EDIT, readonly: true },
    slug: { description: 'An alphanumeric identifier for the post unique to its type.', type: 'string', context: ALL },
    status: { description: 'A named status for the post.', type: 'string', enum: [...WRITABLE_STATUSES], context: VIEW_EDIT },
    type: { description: 'Type of post.', type: 'string', context: ALL, readonly: true },
    password: { description: 'A password to protect access to the content and excerpt.', type: 'string', context: EDIT },
    permalink_template: { description: 'Permalink template for the post.', type: 'string', context: EDIT, readonly: true },
    generated_slug: { description: 'Slug automatically generated from the post title.', type: 'string', context: EDIT, readonly: true },
    class_list: { description: 'An array of the class names for the post container element.', type: 'array', context: VIEW_EDIT, readonly: true, items: { type: 'string' } },
  };
  if (def.hierarchical) properties.parent = { description: 'The ID for the parent of the post.', type: 'integer', context: VIEW_EDIT };
  for (const attribute of FIXED_SUPPORTS[type]) {
    switch (attribute) {
      case 'title':
        properties.title = titleProperty();
        break;
      case 'editor':
        properties.content = contentProperty();
        break;
      case 'author':
        properties.author = { description: 'The ID for the author of the post.', type: 'integer', context: ALL };
        break;
      case 'excerpt':
        properties.excerpt = excerptProperty();
        break;
      case 'thumbnail':
        properties.featured_media = { description: 'The ID of the featured media for the post.', type: 'integer', context: ALL };
        break;
      case 'comments':
        properties.comment_status = { description: 'Whether or not comments are open on the post.', type: 'string', enum: ['open', 'closed'], context: VIEW_EDIT };
        properties.ping_status = { description: 'Whether or not the post can be pinged.', type: 'string', enum: ['open', 'closed'], context: VIEW_EDIT };
        break;
      case 'page-attributes':
        properties.menu_order = { description: 'The order of the post in relation to other posts.', type: 'integer', context: VIEW_EDIT };
        break;
      case 'post-formats':
        properties.format = { description: 'The format for the post.', type: 'string', enum: [...POST_FORMATS], context: VIEW_EDIT };
        break;
      case 'custom-fields':
        // Attachments have no footnotes: their meta declares Yoast's SEO fields only.
        properties.meta = type === 'attachment' ? { description: 'Meta fields.', type: 'object', context: VIEW_EDIT, properties: seoMetaSchema() } : metaProperty();
        break;
    }
  }
  if (type === 'post') properties.sticky = { description: 'Whether or not the post should be treated as sticky.', type: 'boolean', context: VIEW_EDIT };
  properties.template = { description: 'The theme file to use to display the post.', type: 'string', context: VIEW_EDIT };
  for (const tax of restTaxonomiesOf(type)) {
    properties[tax.restBase] = { description: `The terms assigned to the post in the ${tax.slug} taxonomy.`, type: 'array', items: { type: 'integer' }, context: VIEW_EDIT };
  }
  Object.assign(properties, seoHeadProperties());
  // TODO(schema links): WordPress adds `links` (the wp:action-* link descriptions) whose hrefs come
  // from rest_url(); RouteDef.schema() receives no RestUrls yet, so they are left out.
  return { $schema: 'http://json-schema.org/draft-04/schema#', title: type, type: 'object', properties };
}

/** get_item_schema() of the revisions controller (title `{type}-revision`). */
export function revisionSchema(type: PostTypeName): ItemSchema {
  const parent = postSchema(type).properties;
  const properties: Record<string, ArgSchema> = {
    author: { description: 'The ID for the author of the revision.', type: 'integer', context: ALL },
    date: { description: "The date the revision was published, in the site's timezone.", type: 'string', format: 'date-time', context: ALL },
    date_gmt: { description: 'The date the revision was published, as GMT.', type: 'string', format: 'date-time', context: VIEW_EDIT },
    guid: parent.guid,
    id: { description: 'Unique identifier for the revision.', type: 'integer', context: ALL },
    modified: { description: "The date the revision was last modified, in the site's timezone.", type: 'string', format: 'date-time', context: VIEW_EDIT },
    modified_gmt: { description: 'The date the revision was last modified, as GMT.', type: 'string', format: 'date-time', context: VIEW_EDIT },
    parent: { description: 'The ID for the parent of the revision.', type: 'integer', context: ALL },
    slug: { description: 'An alphanumeric identifier for the revision unique to its type.', type: 'string', context: ALL },
    title: parent.title,
    content: parent.content,
    excerpt: parent.excerpt,
    meta: metaProperty(false),
  };
  return { $schema: 'http://json-schema.org/draft-04/schema#', title: `${type}-revision`, type: 'object', properties };
}

/** The autosaves schema: the revision schema plus preview_link. */
export function autosaveSchema(type: PostTypeName): ItemSchema {
  const schema = revisionSchema(type);
  schema.properties.preview_link = { description: 'Preview link for the post.', type: 'string', format: 'uri', context: EDIT, readonly: true };
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

export const ID_ARG: ArgSchema = { description: 'Unique identifier for the post.', type: 'integer', validateOnSanitize: true };
export const REVISION_PARENT_ARG: ArgSchema = { description: 'The ID for the parent of the revision.', type: 'integer', validateOnSanitize: true };
export const REVISION_ID_ARG: ArgSchema = { description: 'Unique identifier for the revision.', type: 'integer', validateOnSanitize: true };
export const AUTOSAVE_PARENT_ARG: ArgSchema = { description: 'The ID for the parent of the autosave.', type: 'integer', validateOnSanitize: true };
export const AUTOSAVE_ID_ARG: ArgSchema = { description: 'The ID for the autosave.', type: 'integer', validateOnSanitize: true };

const intList = (description: string, withDefault = true): ArgSchema => ({
  description,
  type: 'array',
  items: { type: 'integer' },
  ...(withDefault ? { default: [] } : {}),
  validateOnSanitize: true,
});

const dateArg = (description: string): ArgSchema => ({ description, type: 'string', format: 'date-time', validateOnSanitize: true });

/** The taxonomy include/exclude schemas of prepare_taxonomy_limit_schema(). */
function taxonomyLimitArgs(type: PostTypeName): Record<string, ArgSchema> {
  const taxonomies = restTaxonomiesOf(type);
  if (!taxonomies.length) return {};
  const args: Record<string, ArgSchema> = {
    tax_relation: { description: 'Limit result set based on relationship between multiple taxonomies.', type: 'string', enum: ['AND', 'OR'], validateOnSanitize: true },
  };
  const termList: ArgSchema = { title: 'Term ID List', description: 'Match terms with the listed IDs.', type: 'array', items: { type: 'integer' } };
  for (const tax of taxonomies) {
    const query = (include: boolean): ArgSchema => {
      const properties: Record<string, ArgSchema> = { terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] } };
      if (tax.hierarchical) properties.include_children = { description: 'Whether to include child terms in the terms limiting the result set.', type: 'boolean', default: false };
      if (include) properties.operator = { description: 'Whether items must be assigned all or any of the specified terms.', type: 'string', enum: ['AND', 'OR'], default: 'OR' };
      return { title: 'Term ID Taxonomy Query', description: 'Perform an advanced term query.', type: 'object', properties, additionalProperties: false };
    };
    args[tax.restBase] = {
      description: `Limit result set to items with specific terms assigned in the ${tax.restBase} taxonomy.`,
      type: ['object', 'array'],
      oneOf: [termList, query(true)],
      validateOnSanitize: true,
    };
    args[`${tax.restBase}_exclude`] = {
      description: `Limit result set to items except those with specific terms assigned in the ${tax.restBase} taxonomy.`,
      type: ['object', 'array'],
      oneOf: [termList, query(false)],
      validateOnSanitize: true,
    };
  }
  return args;
}

/** get_collection_params() of the posts controller for a type. */
export function collectionArgs(type: PostTypeName, schema: ItemSchema): Record<string, ArgSchema> {
  const def = postTypeDef(type);
  const pageAttributes = def.supports['page-attributes'] === true;
  const args: Record<string, ArgSchema> = {
    context: contextParam(schema),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    after: dateArg('Limit response to posts published after a given ISO8601 compliant date.'),
    modified_after: dateArg('Limit response to posts modified after a given ISO8601 compliant date.'),
  };
  if (def.supports.author) {
    args.author = intList('Limit result set to posts assigned to specific authors.');
    args.author_exclude = intList('Ensure result set excludes posts assigned to specific authors.');
  }
  args.before = dateArg('Limit response to posts published before a given ISO8601 compliant date.');
  args.modified_before = dateArg('Limit response to posts modified before a given ISO8601 compliant date.');
  args.exclude = intList('Ensure result set excludes specific IDs.');
  args.include = intList('Limit result set to specific IDs.');
  if (pageAttributes) args.menu_order = { description: 'Limit result set to posts with a specific menu_order value.', type: 'integer', validateOnSanitize: true };
  args.search_semantics = { description: 'How to interpret the search input.', type: 'string', enum: ['exact'], validateOnSanitize: true };
  args.offset = { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true };
  args.order = { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'desc', enum: ['asc', 'desc'], validateOnSanitize: true };
  const orderby = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'];
  if (pageAttributes) orderby.push('menu_order');
  args.orderby = { description: 'Sort collection by post attribute.', type: 'string', default: 'date', enum: orderby, validateOnSanitize: true };
  if (def.hierarchical) {
    args.parent = intList('Limit result set to items with particular parent IDs.');
    args.parent_exclude = intList('Limit result set to all items except those of a particular parent ID.');
  }
  args.search_columns = {
    default: [],
    description: 'Array of column names to be searched.',
    type: 'array',
    items: { enum: ['post_title', 'post_content', 'post_excerpt'], type: 'string' },
    validateOnSanitize: true,
  };
  args.slug = { description: 'Limit result set to posts with one or more specific slugs.', type: 'array', items: { type: 'string' }, validateOnSanitize: true };
  args.status = {
    default: 'publish',
    description: 'Limit result set to posts assigned one or more statuses.',
    type: 'array',
    items: { enum: [...FILTER_STATUSES], type: 'string' },
    validateOnSanitize: true,
  };
  Object.assign(args, taxonomyLimitArgs(type));
  if (type === 'post') {
    args.sticky = { description: 'Limit result set to items that are sticky.', type: 'boolean', validateOnSanitize: true };
    args.ignore_sticky = { description: 'Whether to ignore sticky posts or not.', type: 'boolean', default: true, validateOnSanitize: true };
  }
  if (def.supports['post-formats']) {
    args.format = {
      description: 'Limit result set to items assigned one or more given formats.',
      type: 'array',
      uniqueItems: true,
      items: { enum: [...POST_FORMATS], type: 'string' },
      validateOnSanitize: true,
    };
  }
  return args;
}

/** The single GET's arguments (excerpt_length and password exist because the schema has them). */
export function itemReadArgs(schema: ItemSchema): Record<string, ArgSchema> {
  return {
    context: contextParam(schema),
    excerpt_length: { description: 'Override the default excerpt length.', type: 'integer', validateOnSanitize: true },
    password: { description: 'The password for the post if it is password protected.', type: 'string', validateOnSanitize: true },
  };
}

/**
 * The fields WordPress declares with no validation or sanitisation at all (arg_options callbacks
 * set to null): printed with their schema, but a string, `{raw}` or anything else is accepted and
 * read by the handler.
 */
const UNCHECKED_FIELDS = ['title', 'content', 'excerpt'];

/** get_endpoint_args_for_item_schema() for create (POST collection) or update (EDITABLE item). */
export function writeArgs(schema: ItemSchema, mode: 'create' | 'update'): Record<string, ArgSchema> {
  const unchecked = Object.fromEntries(UNCHECKED_FIELDS.map((name) => [name, { unchecked: true }]));
  return argsFromSchema(schema, mode, { ...unchecked, slug: { sanitize: (v) => sanitizeSlug(String(v)) } });
}

export function deleteArgs(): Record<string, ArgSchema> {
  return { force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.', validateOnSanitize: true } };
}

/** get_collection_params() of the revisions controller (per_page has no default: all revisions). */
export function revisionCollectionArgs(schema: ItemSchema): Record<string, ArgSchema> {
  return {
    context: contextParam(schema),
    page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
    per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', minimum: 1, maximum: 100 },
    search: { description: 'Limit results to those matching a string.', type: 'string', sanitize: (v) => sanitizeTextField(v) },
    exclude: intList('Ensure result set excludes specific IDs.'),
    include: intList('Limit result set to specific IDs.'),
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer', validateOnSanitize: true },
    order: { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'desc', enum: ['asc', 'desc'], validateOnSanitize: true },
    orderby: {
      description: 'Sort collection by object attribute.',
      type: 'string',
      default: 'date',
      enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'],
      validateOnSanitize: true,
    },
  };
}

export function revisionDeleteArgs(): Record<string, ArgSchema> {
  return { force: { type: 'boolean', default: false, description: 'Required to be true, as revisions do not support trashing.', validateOnSanitize: true } };
}

// ---------------------------------------------------------------------------------------------
// From sanitised arguments to the domain's inputs
// ---------------------------------------------------------------------------------------------

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const ints = (value: unknown): number[] | undefined => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : undefined);
const strs = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);

/**
 * title / content / excerpt as prepare_item_for_database reads them: a string, or `{raw}` (an
 * empty title `raw` is ignored); anything else is ignored.
 */
function textField(value: unknown, emptyRawIgnored: boolean): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value) && 'raw' in value) {
    const raw = (value as { raw: unknown }).raw;
    if (raw === null || raw === undefined) return undefined;
    if (emptyRawIgnored && (raw === '' || raw === '0' || raw === false || raw === 0)) return undefined;
    return typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw === true ? '1' : raw === false ? '' : raw) : undefined;
  }
  return undefined;
}

/** A JSON `null` sent for a field (WordPress's has_param() sees it; our get() skips nulls). */
function sentNull(request: ArgsView, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(request.bodyParams, name) && request.bodyParams[name] === null;
}

/** The writable fields a create/update request carries. */
export function changesFrom(request: ArgsView, type: PostTypeName): NewPost {
  const p = request.params;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(p, name);
  const changes: NewPost = {};
  const title = textField(request.get('title'), true);
  const content = textField(request.get('content'), false);
  const excerpt = textField(request.get('excerpt'), false);
  if (title !== undefined) changes.title = title;
  if (content !== undefined) changes.content = content;
  if (excerpt !== undefined) changes.excerpt = excerpt;
  if (sentNull(request, 'date')) changes.date = null;
  else if (has('date')) changes.date = str(p.date);
  if (sentNull(request, 'date_gmt')) changes.dateGmt = null;
  else if (has('date_gmt')) changes.dateGmt = str(p.date_gmt);
  if (has('slug')) changes.slug = str(p.slug) ?? '';
  if (has('status')) changes.status = str(p.status);
  if (has('password')) changes.password = str(p.password) ?? '';
  if (has('author')) changes.author = int(p.author);
  if (has('featured_media')) changes.featuredMedia = int(p.featured_media);
  if (has('comment_status')) changes.commentStatus = str(p.comment_status);
  if (has('ping_status')) changes.pingStatus = str(p.ping_status);
  if (has('template')) changes.template = str(p.template) ?? '';
  if (type === 'post') {
    if (has('sticky')) changes.sticky = p.sticky === true;
    if (has('format')) changes.format = str(p.format);
  } else {
    if (has('parent')) changes.parent = int(p.parent);
    if (has('menu_order')) changes.menuOrder = int(p.menu_order);
  }
  const terms: Record<string, number[]> = {};
  for (const tax of restTaxonomiesOf(type)) {
    const ids = has(tax.restBase) ? ints(p[tax.restBase]) : undefined;
    if (ids) terms[tax.slug] = ids;
  }
  if (Object.keys(terms).length) changes.terms = terms;
  const meta = p.meta;
  if (meta && typeof meta === 'object' && Object.prototype.hasOwnProperty.call(meta, 'footnotes')) {
    const footnotes = (meta as { footnotes: unknown }).footnotes;
    changes.footnotes = typeof footnotes === 'string' ? footnotes : '';
  }
  const seo = seoChangesFromMeta(meta);
  if (seo) changes.seo = seo;
  const id = request.get('id');
  if (id !== undefined) changes.id = id;
  return changes;
}

/** A taxonomy filter argument (a list of ids or the object form) as the domain's TermFilter. */
function termFilter(value: unknown): TermFilter | undefined {
  if (Array.isArray(value)) return { terms: ints(value) ?? [], includeChildren: false, operator: 'OR' };
  if (value && typeof value === 'object') {
    const v = value as { terms?: unknown; include_children?: unknown; operator?: unknown };
    return { terms: ints(v.terms) ?? [], includeChildren: v.include_children === true, operator: v.operator === 'AND' ? 'AND' : 'OR' };
  }
  return undefined;
}

/** The collection arguments as the domain's PostListQuery. */
export function listQueryFrom(request: ArgsView, type: PostTypeName): PostListQuery {
  const p = request.params;
  const taxonomies: NonNullable<PostListQuery['taxonomies']> = {};
  for (const tax of restTaxonomiesOf(type)) {
    taxonomies[tax.slug] = { include: termFilter(p[tax.restBase]), exclude: termFilter(p[`${tax.restBase}_exclude`]) };
  }
  const statuses = strs(p.status) ?? (typeof p.status === 'string' ? [p.status] : ['publish']);
  return {
    context: str(p.context) ?? 'view',
    page: int(p.page) ?? 1,
    perPage: int(p.per_page) ?? 10,
    offset: int(p.offset),
    search: str(p.search),
    searchColumns: strs(p.search_columns),
    exactSearch: p.search_semantics === 'exact',
    after: str(p.after),
    before: str(p.before),
    modifiedAfter: str(p.modified_after),
    modifiedBefore: str(p.modified_before),
    author: ints(p.author),
    authorExclude: ints(p.author_exclude),
    include: ints(p.include),
    exclude: ints(p.exclude),
    slugs: strs(p.slug),
    statuses,
    order: p.order === 'asc' ? 'asc' : 'desc',
    orderby: str(p.orderby) ?? 'date',
    taxRelation: p.tax_relation === 'OR' ? 'OR' : p.tax_relation === 'AND' ? 'AND' : undefined,
    taxonomies,
    sticky: typeof p.sticky === 'boolean' ? p.sticky : undefined,
    ignoreSticky: typeof p.ignore_sticky === 'boolean' ? p.ignore_sticky : undefined,
    formats: strs(p.format),
    parent: ints(p.parent),
    parentExclude: ints(p.parent_exclude),
    menuOrder: int(p.menu_order),
  };
}

/** The revisions collection arguments as the domain's RevisionListQuery. */
export function revisionQueryFrom(request: ArgsView): RevisionListQuery {
  const p = request.params;
  return {
    page: int(p.page) ?? 1,
    perPage: int(p.per_page),
    offset: int(p.offset),
    search: str(p.search),
    include: ints(p.include),
    exclude: ints(p.exclude),
    order: p.order === 'asc' ? 'asc' : 'desc',
    orderby: str(p.orderby) ?? 'date',
  };
}
