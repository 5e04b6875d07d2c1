/**
 * Posts and pages as WordPress's JSON (prepare_item_for_response, prepare_links,
 * get_available_actions): fields in WordPress's order, filtered by context (nested properties
 * too), then `_links` with full relation names (compacted to `wp:*` by the server).
 */
import { blockVersion } from '../../../domain/content/format';
import { formatGmt, formatSiteTime } from '../../../domain/content/dates';
import { restTaxonomiesOf } from '../../../domain/content/taxonomies';
import { availablePostActions } from '../../../domain/posts/actions';
import { canDeletePost, canEditPost, canReadPost } from '../../../domain/posts/permissions';
import { generatedSlug, siteOf } from '../../../domain/posts/records';
import { postFormatOf } from '../../../domain/posts/formats';
import { classList, permalinkTemplate, renderedContent, renderedExcerpt, renderedTitle, type PasswordRequest, type Site } from '../../../domain/posts/render';
import type { PostRecord } from '../../../domain/posts/types';
import { seoMetaJson } from '../../../domain/seo/meta-fields';
import { postRecordHeadTexts } from '../../../domain/seo/head';
import { addSeoHead } from '../seo-head-fields';
import type { ArgSchema } from '../../../schema/types';
import { API_REL, link, type Link, type Links } from '../../server/links';
import type { HandlerRequest, ItemSchema } from '../../server/types';
import type { RestUrls } from '../../server/urls';
import { EDITABLE } from '../../server/types';

export interface PostJsonOptions {
  context: string;
  /** The request's `password` parameter (unlocks protected content). */
  password?: string;
  excerptLength?: number;
  /** `previous` of a forced delete has no links. */
  withLinks?: boolean;
}

/** What filter_response_by_context() does to each key of one schema in one context: drop it, or filter its nested object. */
type ContextPlan = Map<string, 'drop' | ContextPlan>;

const contextPlans = new WeakMap<Record<string, ArgSchema>, Map<string, ContextPlan>>();

/** The plan of a properties table in a context, made once (keys the plan does not name are kept). */
function contextPlan(properties: Record<string, ArgSchema>, context: string): ContextPlan {
  let byContext = contextPlans.get(properties);
  if (!byContext) contextPlans.set(properties, (byContext = new Map()));
  let plan = byContext.get(context);
  if (!plan) {
    plan = new Map();
    for (const [key, property] of Object.entries(properties)) {
      if (property?.context && !property.context.includes(context)) plan.set(key, 'drop');
      else if (property?.properties && !Array.isArray(property.properties)) plan.set(key, contextPlan(property.properties as Record<string, ArgSchema>, context));
    }
    byContext.set(context, plan);
  }
  return plan;
}

function applyPlan(data: Record<string, unknown>, plan: ContextPlan): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    const step = plan.get(key);
    const value = data[key];
    if (step === undefined) out[key] = value;
    else if (step !== 'drop') out[key] = value && typeof value === 'object' && !Array.isArray(value) ? applyPlan(value as Record<string, unknown>, step) : value;
  }
  return out;
}

/** filter_response_by_context(), including the nested properties of object fields. */
export function filterByContext(data: Record<string, unknown>, properties: Record<string, ArgSchema>, context: string): Record<string, unknown> {
  return applyPlan(data, contextPlan(properties, context));
}

/** The collection route of a type: /core/v2/posts or /core/v2/pages. */
export function routeBase(record: Pick<PostRecord, 'type'>): string {
  return `/${record.type.restNamespace}/${record.type.restBase}`;
}

/** The methods this viewer may use on the record's own URL (self.targetHints.allow). */
function allowedMethods(request: HandlerRequest, record: PostRecord, site: Site): string[] {
  const viewer = request.viewer;
  const methods: string[] = [];
  if (canReadPost(viewer, record.row)) methods.push('GET');
  if (canEditPost(viewer, record.row)) methods.push(...EDITABLE);
  if (canDeletePost(viewer, record.row, site.options)) methods.push('DELETE');
  return methods;
}

/** The addresses a type's links start with, made once per URL form and type. */
interface LinkBases {
  /** The collection, e.g. http://site/wp-json/core/v2/posts (an item is `${collection}/${id}`). */
  collection: string;
  about: string;
  users: string;
  /** `…/comments?post=` (or `&post=` in the plain URL form): the id follows. */
  replies: string;
  media: string;
  /** `…/media?parent=`: the id follows. */
  attachments: string;
  terms: Array<{ taxonomy: string; prefix: string }>;
}

const linkBases = new WeakMap<RestUrls, Map<string, LinkBases>>();

function linkBasesOf(urls: RestUrls, record: PostRecord): LinkBases {
  let byType = linkBases.get(urls);
  if (!byType) linkBases.set(urls, (byType = new Map()));
  let bases = byType.get(record.type.slug);
  if (!bases) {
    bases = {
      collection: urls.url(routeBase(record)),
      about: urls.url(`/${record.type.restNamespace}/types/${record.type.slug}`),
      users: urls.url('/core/v2/users'),
      replies: urls.url('/core/v2/comments', 'post='),
      media: urls.url('/core/v2/media'),
      attachments: urls.url('/core/v2/media', 'parent='),
      terms: restTaxonomiesOf(record.type.slug).map((tax) => ({ taxonomy: tax.slug, prefix: urls.url(`/${tax.restNamespace}/${tax.restBase}`, 'post=') })),
    };
    byType.set(record.type.slug, bases);
  }
  return bases;
}

/** prepare_links() plus the action links (each link's attributes first, `href` last, as WordPress prints them). */
export function postLinks(request: HandlerRequest, record: PostRecord, context: string, site: Site): Links {
  const row = record.row;
  const bases = linkBasesOf(request.urls, record);
  const self = `${bases.collection}/${row.id}`;
  const links: Links = {
    self: [{ href: self, targetHints: { allow: allowedMethods(request, record, site) } }],
    collection: [{ href: bases.collection }],
    about: [{ href: bases.about }],
  };
  if (row.authorId) links.author = [{ embeddable: true, href: `${bases.users}/${row.authorId}` }];
  links.replies = [{ embeddable: true, href: bases.replies + row.id }];
  const revisions = `${self}/revisions`;
  links['version-history'] = [{ count: record.revisionCount, href: revisions }];
  if (record.revisionCount > 0) {
    links['predecessor-version'] = [{ id: record.latestRevisionId, href: `${revisions}/${record.latestRevisionId}` }];
  }
  if (record.type.hierarchical && row.parentId) links.up = [{ embeddable: true, href: `${bases.collection}/${row.parentId}` }];
  if (record.featuredMedia && record.featuredMediaVisible) {
    links[`${API_REL}featuredmedia`] = [{ embeddable: true, href: `${bases.media}/${record.featuredMedia}` }];
  }
  links[`${API_REL}attachment`] = [{ href: bases.attachments + row.id }];
  if (bases.terms.length) {
    links[`${API_REL}term`] = bases.terms.map((term) => ({ taxonomy: term.taxonomy, embeddable: true, href: term.prefix + row.id }));
  }
  if (context === 'edit') for (const action of availablePostActions(request.viewer, record.type.slug)) links[`${API_REL}action-${action}`] = [link(self)];
  return links;
}

/** The site-time and GMT forms of a record's date (drafts' floating dates are shimmed, never null). */
function dates(site: Site, record: PostRecord): Record<string, string> {
  const row = record.row;
  return {
    date: formatSiteTime(row.date, site.options),
    date_gmt: formatGmt(row.date),
    modified: formatSiteTime(row.modified, site.options),
    modified_gmt: formatGmt(row.modified),
  };
}

/** One post or page as WordPress prints it in this context. */
export async function postJson(request: HandlerRequest, record: PostRecord, schema: ItemSchema, options: PostJsonOptions): Promise<Record<string, unknown>> {
  const site = await siteOf(request.domain);
  const row = record.row;
  const context = options.context;
  const access: PasswordRequest = { context, password: options.password, canEdit: canEditPost(request.viewer, row) };
  const { date, date_gmt, modified, modified_gmt } = dates(site, record);
  const props = schema.properties;
  const data: Record<string, unknown> = {
    id: row.id,
    date,
    date_gmt,
    guid: { rendered: row.guid, raw: row.guid },
    modified,
    modified_gmt,
    password: row.password,
    slug: row.slug,
    status: row.status,
    type: row.type,
    link: record.link,
    title: { raw: row.title, rendered: renderedTitle(row) },
  };
  if (props.content) data.content = { raw: row.content, rendered: renderedContent(row, access), protected: row.password !== '', block_version: blockVersion(row.content) };
  if (props.excerpt) data.excerpt = { raw: row.excerpt, rendered: renderedExcerpt(row, access, options.excerptLength), protected: row.password !== '' };
  if (props.author) data.author = row.authorId;
  if (props.featured_media) data.featured_media = record.featuredMedia;
  if (props.parent) data.parent = row.parentId;
  if (props.menu_order) data.menu_order = row.menuOrder;
  if (props.comment_status) {
    data.comment_status = row.commentStatus;
    data.ping_status = row.pingStatus;
  }
  if (props.sticky) data.sticky = row.sticky;
  data.template = row.template;
  if (props.format) data.format = postFormatOf(record.terms);
  if (props.meta) data.meta = { footnotes: record.footnotes, ...seoMetaJson(record.seo) };
  for (const tax of restTaxonomiesOf(row.type)) {
    data[tax.restBase] = record.terms.filter((t) => t.taxonomy === tax.slug).map((t) => t.id);
  }
  if (context === 'edit') {
    data.permalink_template = permalinkTemplate(site, row, record.ancestorSlugs, request.viewer);
    data.generated_slug = await generatedSlug(request.domain, row);
  }
  data.class_list = classList(row, record.terms, record.featuredMedia);
  await addSeoHead(request, data, props, () => postRecordHeadTexts(request.domain, record));
  const out = filterByContext(data, props, context);
  if (options.withLinks !== false) out._links = postLinks(request, record, context, site);
  return out;
}

export function postsJson(request: HandlerRequest, records: readonly PostRecord[], schema: ItemSchema, options: PostJsonOptions): Promise<Array<Record<string, unknown>>> {
  return Promise.all(records.map((record) => postJson(request, record, schema, options)));
}

/** The `Link: <permalink>; rel="alternate"; type=text/html` header of a single GET. */
export function alternateLink(record: PostRecord): string {
  return `<${record.link}>; rel="alternate"; type=text/html`;
}

export type { Link };
