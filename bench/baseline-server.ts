/**
 * The yardstick of `npm run bench:baseline`: a hand-written Fastify + better-sqlite3 server
 * answering `GET /wp-json/core/v2/posts` (the default page of 10, anonymous) with the JSON our
 * server gives for the benchmark's content — its own five statements, its own object building, no
 * Prisma and no project code. It knows only what that content holds (UTC site, posts without
 * featured images, excerpts or passwords, paragraphs of plain text) and refuses anything else
 * loudly rather than answer differently; bench/baseline.ts checks its body deep-equals ours
 * before every measured run.
 */
import { createHash } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';

interface PostRow {
  id: number;
  authorId: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  password: string;
  date: string;
  modified: string;
  commentStatus: string;
  pingStatus: string;
  sticky: number;
  template: string;
  guid: string;
  revisions: number;
  latestRevision: number | null;
  thumbnail: string | null;
}

interface TermRow {
  contentId: number;
  id: number;
  taxonomy: string;
  slug: string;
  name: string;
}

interface UserRow {
  id: number;
  login: string;
  email: string;
  name: string;
  slug: string;
}

const PER_PAGE = 10;
const WORDS_PER_MINUTE = 200;
const EXCERPT_WORDS = 55;

const SQL = {
  options: `SELECT "name", "value" FROM "Option" WHERE "name" IN ('title', 'description', 'timezone_string', 'gmt_offset')`,
  count: `SELECT count(*) AS n FROM "Content" WHERE "type" = 'post' AND "status" = 'publish'`,
  page: `SELECT c."id", c."authorId", c."slug", c."title", c."content", c."excerpt", c."password", c."date", c."modified",
      c."commentStatus", c."pingStatus", c."sticky", c."template", c."guid",
      (SELECT count(*) FROM "Content" r WHERE r."parentId" = c."id" AND r."type" = 'revision' AND r."status" = 'inherit') AS revisions,
      (SELECT max(r."id") FROM "Content" r WHERE r."parentId" = c."id" AND r."type" = 'revision' AND r."status" = 'inherit') AS latestRevision,
      (SELECT m."value" FROM "ContentMeta" m WHERE m."contentId" = c."id" AND m."key" = '_thumbnail_id') AS thumbnail
    FROM "Content" c WHERE c."type" = 'post' AND c."status" = 'publish' ORDER BY c."date" DESC, c."id" DESC LIMIT ${PER_PAGE}`,
  terms: (n: number) =>
    `SELECT tr."contentId", t."id", t."taxonomy", t."slug", t."name" FROM "TermRelationship" tr JOIN "Term" t ON t."id" = tr."termId"
    WHERE tr."contentId" IN (${Array(n).fill('?').join(',')}) ORDER BY t."name", t."id"`,
  users: (n: number) => `SELECT "id", "login", "email", "name", "slug" FROM "User" WHERE "id" IN (${Array(n).fill('?').join(',')})`,
};

const escapeAttr = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

/** Paragraphs of plain text as wpautop wraps them (the only markup the benchmark posts hold). */
function paragraphs(text: string): string {
  if (/[<>&]/.test(text)) throw new Error('baseline: content with markup is not implemented');
  return text.trim().split(/\n\s*\n/).map((p) => `<p>${p.trim().replace(/\n/g, '<br />\n')}</p>\n`).join('');
}

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** `2026-11-27T02:24:37.000+00:00` (SQLite's stored form) → `2026-11-27T02:24:37`. */
const wpDate = (stored: string): string => new Date(stored).toISOString().slice(0, 19);

function post(row: PostRow, terms: TermRow[], author: UserRow, site: { home: string; api: string; name: string; description: string }) {
  if (row.excerpt || row.password || row.thumbnail || row.template || row.sticky) throw new Error(`baseline: post ${row.id} uses a field it does not implement`);
  const link = `${site.home}${row.slug}/`;
  const text = words(row.content.replace(/\n+/g, ' '));
  const excerptText = text.length > EXCERPT_WORDS ? `${text.slice(0, EXCERPT_WORDS).join(' ')} [&hellip;]` : text.join(' ');
  const categories = terms.filter((t) => t.taxonomy === 'category');
  const tags = terms.filter((t) => t.taxonomy === 'post_tag');
  const published = `${wpDate(row.date)}+00:00`;
  const modified = `${wpDate(row.modified)}+00:00`;
  const title = `${row.title} - ${site.name}`;
  const minutes = Math.ceil(text.length / WORDS_PER_MINUTE);
  const personId = `${site.home}#/schema/person/${createHash('md5').update(`${author.login}${author.id}`).digest('hex')}`;
  const gravatar = `https://secure.gravatar.com/avatar/${createHash('sha256').update(author.email.trim().toLowerCase()).digest('hex')}?s=96&d=mm&r=g`;
  const article: Record<string, unknown> = {
    '@type': 'Article',
    '@id': `${link}#article`,
    isPartOf: { '@id': link },
    author: { name: author.name, '@id': personId },
    headline: row.title,
    datePublished: published,
    dateModified: modified,
    mainEntityOfPage: { '@id': link },
    wordCount: text.length,
    publisher: { '@id': `${site.home}#organization` },
  };
  if (tags.length) article.keywords = tags.map((t) => t.name);
  if (categories.length) article.articleSection = categories.map((t) => t.name);
  article.inLanguage = 'en-US';
  const schema = {
    '@context': 'https://schema.org',
    '@graph': [
      article,
      {
        '@type': 'WebPage',
        '@id': link,
        url: link,
        name: title,
        isPartOf: { '@id': `${site.home}#website` },
        datePublished: published,
        dateModified: modified,
        breadcrumb: { '@id': `${link}#breadcrumb` },
        inLanguage: 'en-US',
        potentialAction: [{ '@type': 'ReadAction', target: [link] }],
      },
      {
        '@type': 'BreadcrumbList',
        '@id': `${link}#breadcrumb`,
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: site.home },
          { '@type': 'ListItem', position: 2, name: row.title },
        ],
      },
      {
        '@type': 'WebSite',
        '@id': `${site.home}#website`,
        url: site.home,
        name: site.name,
        description: site.description,
        publisher: { '@id': `${site.home}#organization` },
        potentialAction: [
          {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${site.home}?s={search_term_string}` },
            'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
          },
        ],
        inLanguage: 'en-US',
      },
      { '@type': 'Organization', '@id': `${site.home}#organization`, name: site.name, url: site.home },
      {
        '@type': 'Person',
        '@id': personId,
        name: author.name,
        image: { '@type': 'ImageObject', inLanguage: 'en-US', '@id': `${site.home}#/schema/person/image/`, url: gravatar, contentUrl: gravatar, caption: author.name },
        url: `${site.home}author/${author.slug}/`,
      },
    ],
  };
  const modifiedMeta = modified !== published ? `<meta property="article:modified_time" content="${modified}" />\n` : '';
  const seoHead =
    '<!-- Search optimisation: head metadata -->\n' +
    `<title>${escapeAttr(title)}</title>\n` +
    '<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1" />\n' +
    `<link rel="canonical" href="${link}" />\n` +
    '<meta property="og:locale" content="en_US" />\n' +
    '<meta property="og:type" content="article" />\n' +
    `<meta property="og:title" content="${escapeAttr(title)}" />\n` +
    `<meta property="og:description" content="${escapeAttr(excerptText)}" />\n` +
    `<meta property="og:url" content="${link}" />\n` +
    `<meta property="og:site_name" content="${escapeAttr(site.name)}" />\n` +
    `<meta property="article:published_time" content="${published}" />\n` +
    modifiedMeta +
    `<meta name="author" content="${escapeAttr(author.name)}" />\n` +
    '<meta name="twitter:card" content="summary_large_image" />\n' +
    '<meta name="twitter:label1" content="Written by" />\n' +
    `<meta name="twitter:data1" content="${escapeAttr(author.name)}" />\n` +
    '<meta name="twitter:label2" content="Est. reading time" />\n' +
    `<meta name="twitter:data2" content="${minutes} minute${minutes === 1 ? '' : 's'}" />\n` +
    `<script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify(schema)}</script>\n` +
    '<!-- / Search optimisation. -->\n';
  const seoJson: Record<string, unknown> = {
    title,
    robots: { index: 'index', follow: 'follow', 'max-snippet': 'max-snippet:-1', 'max-image-preview': 'max-image-preview:large', 'max-video-preview': 'max-video-preview:-1' },
    canonical: link,
    og_locale: 'en_US',
    og_type: 'article',
    og_title: title,
    og_description: excerptText,
    og_url: link,
    og_site_name: site.name,
    article_published_time: published,
  };
  if (modifiedMeta) seoJson.article_modified_time = modified;
  Object.assign(seoJson, { author: author.name, twitter_card: 'summary_large_image', twitter_misc: { 'Written by': author.name, 'Est. reading time': `${minutes} minute${minutes === 1 ? '' : 's'}` }, schema });
  const self = `${site.api}posts/${row.id}`;
  const versions: Record<string, unknown> = { 'version-history': [{ count: row.revisions, href: `${self}/revisions` }] };
  if (row.latestRevision) versions['predecessor-version'] = [{ id: row.latestRevision, href: `${self}/revisions/${row.latestRevision}` }];
  return {
    id: row.id,
    date: wpDate(row.date),
    date_gmt: wpDate(row.date),
    guid: { rendered: row.guid },
    modified: wpDate(row.modified),
    modified_gmt: wpDate(row.modified),
    slug: row.slug,
    status: 'publish',
    type: 'post',
    link,
    title: { rendered: row.title },
    content: { rendered: paragraphs(row.content), protected: false },
    excerpt: { rendered: `<p>${excerptText}</p>\n`, protected: false },
    author: row.authorId,
    featured_media: 0,
    comment_status: row.commentStatus,
    ping_status: row.pingStatus,
    sticky: false,
    template: '',
    format: 'standard',
    meta: { footnotes: '' },
    categories: categories.map((t) => t.id),
    tags: tags.map((t) => t.id),
    class_list: [`post-${row.id}`, 'post', 'type-post', 'status-publish', 'format-standard', 'hentry', ...categories.map((t) => `category-${t.slug}`), ...tags.map((t) => `tag-${t.slug}`)],
    seo_head: seoHead,
    seo_head_json: seoJson,
    _links: {
      self: [{ href: self, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${site.api}posts` }],
      about: [{ href: `${site.api}types/post` }],
      author: [{ embeddable: true, href: `${site.api}users/${row.authorId}` }],
      replies: [{ embeddable: true, href: `${site.api}comments?post=${row.id}` }],
      ...versions,
      'wp:attachment': [{ href: `${site.api}media?parent=${row.id}` }],
      'wp:term': [
        { taxonomy: 'category', embeddable: true, href: `${site.api}categories?post=${row.id}` },
        { taxonomy: 'post_tag', embeddable: true, href: `${site.api}tags?post=${row.id}` },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    },
  };
}

/** Serves the SQLite file `file` as the site `siteUrl` (no trailing slash). */
export function baselineServer(file: string, siteUrl: string): FastifyInstance {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  const options = db.prepare(SQL.options);
  const count = db.prepare(SQL.count).pluck();
  const page = db.prepare(SQL.page);
  const termsOf = new Map<number, Sqlite.Statement>();
  const usersOf = new Map<number, Sqlite.Statement>();
  const prepared = (cache: Map<number, Sqlite.Statement>, n: number, sql: (n: number) => string): Sqlite.Statement => {
    let statement = cache.get(n);
    if (!statement) cache.set(n, (statement = db.prepare(sql(n))));
    return statement;
  };
  const app = Fastify({ logger: false });
  app.addHook('onClose', async () => db.close());
  app.get('/wp-json/core/v2/posts', async (_request, reply) => {
    const opts = new Map((options.all() as Array<{ name: string; value: string }>).map((o) => [o.name, JSON.parse(o.value) as unknown]));
    if (opts.get('timezone_string') || Number(opts.get('gmt_offset') ?? 0) !== 0) throw new Error('baseline: only a UTC site is implemented');
    const total = count.get() as number;
    const rows = page.all() as PostRow[];
    const ids = rows.map((r) => r.id);
    const terms = ids.length ? (prepared(termsOf, ids.length, SQL.terms).all(...ids) as TermRow[]) : [];
    const authorIds = [...new Set(rows.map((r) => r.authorId))];
    const users = new Map((authorIds.length ? (prepared(usersOf, authorIds.length, SQL.users).all(...authorIds) as UserRow[]) : []).map((u) => [u.id, u]));
    const site = { home: `${siteUrl}/`, api: `${siteUrl}/wp-json/core/v2/`, name: String(opts.get('title') ?? ''), description: String(opts.get('description') ?? '') };
    const body = rows.map((row) => {
      const author = users.get(row.authorId);
      if (!author) throw new Error(`baseline: post ${row.id} has no author`);
      return post(row, terms.filter((t) => t.contentId === row.id), author, site);
    });
    reply.header('X-WP-Total', total).header('X-WP-TotalPages', Math.ceil(total / PER_PAGE)).type('application/json; charset=UTF-8');
    return JSON.stringify(body);
  });
  return app;
}

if (require.main === module) {
  const [file, port, siteUrl] = process.argv.slice(2);
  if (!file || !port) throw new Error('usage: baseline-server <sqlite file> <port> [site url]');
  baselineServer(file, siteUrl ?? `http://localhost:${port}`)
    .listen({ port: Number(port), host: '127.0.0.1' })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
