/**
 * What the GraphQL SEO suites share: the PostTypeSEO/TaxonomySEO fields asked for, and the
 * comparison of a `seo` answer with REST's `seo_head_json` / `seo_head` of the same item.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const SEO_FIELDS = `title metaDesc focuskw metaKeywords metaRobotsNoindex metaRobotsNofollow
  opengraphTitle opengraphDescription opengraphType opengraphUrl opengraphSiteName opengraphAuthor opengraphPublisher
  opengraphPublishedTime opengraphModifiedTime opengraphImage { databaseId sourceUrl }
  twitterTitle twitterDescription twitterCardType twitterImage { databaseId }
  canonical cornerstone breadcrumbs { url text } fullHead readingTime schema { raw pageType articleType }`;

export const TERM_SEO_FIELDS = `title metaDesc focuskw metaRobotsNoindex metaRobotsNofollow opengraphTitle opengraphDescription opengraphType
  opengraphUrl opengraphSiteName twitterCardType canonical cornerstone breadcrumbs { url text } fullHead schema { raw }`;

/** Every PostTypeSEO/TaxonomySEO value that has a key in the REST head object, compared with it. */
export function expectSameHead(seo: Json, head: Json, html: string): void {
  expect(seo.title).toBe(head.title);
  expect(seo.metaDesc).toBe(head.description ?? '');
  expect(seo.metaRobotsNoindex).toBe(head.robots.index);
  expect(seo.metaRobotsNofollow).toBe(head.robots.follow);
  expect(seo.canonical).toBe(head.canonical ?? '');
  expect(seo.opengraphTitle).toBe(head.og_title);
  expect(seo.opengraphDescription).toBe(head.og_description ?? '');
  expect(seo.opengraphType).toBe(head.og_type);
  expect(seo.opengraphUrl).toBe(head.og_url);
  expect(seo.opengraphSiteName).toBe(head.og_site_name);
  if ('opengraphPublisher' in seo) expect(seo.opengraphPublisher).toBe(head.article_publisher ?? '');
  if ('opengraphPublishedTime' in seo) expect(seo.opengraphPublishedTime).toBe(head.article_published_time ?? '');
  if ('opengraphModifiedTime' in seo) expect(seo.opengraphModifiedTime).toBe(head.article_modified_time ?? '');
  if ('twitterTitle' in seo) expect(seo.twitterTitle).toBe(head.twitter_title ?? '');
  if ('twitterDescription' in seo) expect(seo.twitterDescription).toBe(head.twitter_description ?? '');
  expect(seo.twitterCardType).toBe(head.twitter_card);
  expect(seo.fullHead).toBe(html);
  expect(JSON.parse(seo.schema.raw)).toEqual(head.schema);
  const list = head.schema['@graph'].find((p: Json) => p['@type'] === 'BreadcrumbList');
  expect(seo.breadcrumbs.map((c: Json) => c.text)).toEqual(list.itemListElement.map((i: Json) => i.name));
}
