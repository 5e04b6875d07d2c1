/**
 * The mapping of domain TermViews to WordPress's JSON (WP_REST_Terms_Controller's
 * prepare_item_for_response, prepare_links); the item schema is the contract's (src/domain/terms/contract.ts).
 */
import { postType } from '../../../domain/content/post-types';
import type { TaxonomyDef } from '../../../domain/content/taxonomies';
import type { TermView } from '../../../domain/terms/terms';
import { link, type Link, type Links } from '../../server/links';
import type { HandlerRequest, ItemSchema } from '../../server/types';
import { filterByContext } from './post-records';
import { emptyMetaAsList } from '../../server/item-schema';
import { hasTermSeoFields, termSeoByTerm, termSeoMetaJson } from '../../../domain/seo/term-seo-fields';
import { termHead } from '../../../domain/seo/head-archive';
import { addSeoHead } from '../seo-head-fields';

/** The route of a taxonomy's terms collection, e.g. /core/v2/categories. */
export function termsBase(taxonomy: TaxonomyDef): string {
  return `/${taxonomy.restNamespace}/${taxonomy.restBase}`;
}

function termLinks(request: HandlerRequest, taxonomy: TaxonomyDef, view: TermView): Links {
  const base = termsBase(taxonomy);
  const { term } = view;
  // The server adds the self link's targetHints from the item route's permission checks.
  const links: Links = {
    self: [link(request.urls.url(`${base}/${term.id}`))],
    collection: [link(request.urls.url(base))],
    about: [link(request.urls.url(`/core/v2/taxonomies/${taxonomy.slug}`))],
  };
  if (term.parentId && view.parentExists) links.up = [link(request.urls.url(`${base}/${term.parentId}`), { embeddable: true })];
  const postTypeLinks: Link[] = [];
  for (const slug of taxonomy.types) {
    const type = postType(slug);
    if (!type?.showInRest) continue;
    postTypeLinks.push(link(request.urls.url(`/${type.restNamespace}/${type.restBase}`, `${taxonomy.restBase}=${term.id}`)));
  }
  if (postTypeLinks.length) links['https://api.w.org/post_type'] = postTypeLinks;
  return links;
}

/** prepare_item_for_response(): the fields in WordPress's order, filtered by context, then links. */
export async function termData(request: HandlerRequest, taxonomy: TaxonomyDef, schema: ItemSchema, view: TermView, context: string, withLinks = true): Promise<Record<string, unknown>> {
  const { term } = view;
  const all: Record<string, unknown> = {
    id: term.id,
    count: term.count,
    description: term.description,
    link: view.link,
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
  };
  if (taxonomy.hierarchical) all.parent = term.parentId;
  // Yoast's SEO fields are edit-context keys of `meta` (read only when they can show).
  all.meta = hasTermSeoFields(term.taxonomy) && context === 'edit' ? termSeoMetaJson(await termSeoByTerm(request.domain).load(term.id)) : [];
  // A deleted term (`previous`, without links) has no page left to describe.
  if (withLinks) await addSeoHead(request, all, schema.properties, () => termHead(request.domain, view));
  const data = filterByContext(all, schema.properties, context);
  emptyMetaAsList(data);
  if (withLinks) data._links = termLinks(request, taxonomy, view);
  return data;
}
