/**
 * WPGraphQL for Yoast SEO's `seo` of content nodes (PostTypeSEO), terms (TaxonomySEO) and users
 * (SEOUser): the domain's surface of the page (src/domain/seo/surface.ts: the head REST serves
 * as `seo_head_json`, and the values beside it) under the plugin's field names. The plugin's
 * wp_gql_seo_format_string trims and decodes; our head holds plain text already.
 */
import type { Content } from '../../../generated/prisma-sqlite/client';
import type { DomainContext } from '../../../domain/context';
import { EVENT_TYPE, ORGANIZER_TYPE, VENUE_TYPE } from '../../../domain/events/types';
import type { HeadSubject, SeoHead } from '../../../domain/seo/head-types';
import { attachmentIdOfImage, seoSurfaceOf, type SeoCrumb, type SeoSurface } from '../../../domain/seo/surface';
import type { TermView } from '../../../domain/terms/terms';
import type { GraphQLContext } from '../../context';
import { orNull } from '../../errors';
import { Model } from '../../model';
import { contentNodeById } from '../../nodes';

/** A MediaItem the viewer may see, by attachment id (null for none). */
export async function mediaItemOf(ctx: GraphQLContext, id: number | null): Promise<Model | null> {
  return id ? contentNodeById(ctx, id, 'attachment') : null;
}

export class SeoBreadcrumbModel extends Model {
  constructor(private readonly crumb: SeoCrumb) {
    super();
  }
  get __typename(): string {
    return 'SEOPostTypeBreadcrumbs';
  }
  get url(): string {
    return this.crumb.url;
  }
  get text(): string {
    return this.crumb.text;
  }
}

/** SEOPostTypeSchema, SEOTaxonomySchema and SEOUserSchema: the graph as JSON, and its page and article types. */
export class SeoSchemaModel extends Model {
  constructor(
    private readonly typename: string,
    private readonly surface: SeoSurface,
  ) {
    super();
  }
  get __typename(): string {
    return this.typename;
  }
  /** wp_json_encode( $schema, JSON_UNESCAPED_SLASHES ): the same graph as seo_head_json.schema. */
  get raw(): string {
    return JSON.stringify(this.surface.head.schema);
  }
  get pageType(): string[] {
    return this.surface.pageType;
  }
  get articleType(): string[] {
    return this.surface.articleType;
  }
}

/** What PostTypeSEO, TaxonomySEO and SEOUser share: the head's values under the plugin's names. */
abstract class HeadSeoModel extends Model {
  constructor(protected readonly surface: SeoSurface) {
    super();
  }
  protected get head(): SeoHead {
    return this.surface.head;
  }
  get title(): string {
    return this.head.title;
  }
  get metaDesc(): string {
    return this.head.description ?? '';
  }
  /** The robots directives as the plugin answers them: `index`/`noindex`, `follow`/`nofollow`. */
  get metaRobotsNoindex(): string {
    return this.head.robots.index;
  }
  get metaRobotsNofollow(): string {
    return this.head.robots.follow;
  }
  get opengraphTitle(): string {
    return this.head.og_title ?? '';
  }
  get opengraphDescription(): string {
    return this.head.og_description ?? '';
  }
  async opengraphImage(_: unknown, ctx: GraphQLContext): Promise<Model | null> {
    return mediaItemOf(ctx, await attachmentIdOfImage(ctx.domain, this.head.og_image?.[0]?.url));
  }
  get twitterTitle(): string {
    return this.head.twitter_title ?? '';
  }
  get twitterDescription(): string {
    return this.head.twitter_description ?? '';
  }
  async twitterImage(_: unknown, ctx: GraphQLContext): Promise<Model | null> {
    return mediaItemOf(ctx, await attachmentIdOfImage(ctx.domain, this.head.twitter_image));
  }
  /** No canonical on a noindex page, as the head prints none. */
  get canonical(): string {
    return this.head.canonical ?? '';
  }
  /** The same HTML as REST's `seo_head`. */
  get fullHead(): string {
    return this.surface.html;
  }
}

/** What PostTypeSEO and TaxonomySEO add. */
abstract class ObjectSeoModel extends HeadSeoModel {
  get focuskw(): string | null {
    return this.surface.focuskw;
  }
  /** Yoast no longer stores meta keywords (removed in 2019), and neither do we. */
  get metaKeywords(): null {
    return null;
  }
  get opengraphUrl(): string {
    return this.head.og_url ?? '';
  }
  get opengraphSiteName(): string {
    return this.head.og_site_name ?? '';
  }
  get opengraphType(): string {
    return this.head.og_type ?? '';
  }
  /** article:author: Yoast prints the author's Facebook profile, which we do not keep. */
  get opengraphAuthor(): string {
    return '';
  }
  get opengraphPublisher(): string {
    return this.head.article_publisher ?? '';
  }
  get opengraphPublishedTime(): string {
    return this.head.article_published_time ?? '';
  }
  get opengraphModifiedTime(): string {
    return this.head.article_modified_time ?? '';
  }
  get twitterCardType(): string {
    return this.head.twitter_card ?? '';
  }
  get breadcrumbs(): SeoBreadcrumbModel[] {
    return this.surface.breadcrumbs.map((crumb) => new SeoBreadcrumbModel(crumb));
  }
  get cornerstone(): boolean {
    return this.surface.cornerstone;
  }
}

export class PostTypeSeoModel extends ObjectSeoModel {
  get __typename(): string {
    return 'PostTypeSEO';
  }
  get readingTime(): number {
    return this.surface.readingTime;
  }
  get schema(): SeoSchemaModel {
    return new SeoSchemaModel('SEOPostTypeSchema', this.surface);
  }
}

export class TaxonomySeoModel extends ObjectSeoModel {
  get __typename(): string {
    return 'TaxonomySEO';
  }
  get schema(): SeoSchemaModel {
    return new SeoSchemaModel('SEOTaxonomySchema', this.surface);
  }
}

/** SEOUserSocial: the author's profiles, which this site does not keep (every field null). */
export class SeoUserSocialModel extends Model {
  get __typename(): string {
    return 'SEOUserSocial';
  }
  get facebook(): null {
    return null;
  }
  get twitter(): null {
    return null;
  }
  get instagram(): null {
    return null;
  }
  get linkedIn(): null {
    return null;
  }
  get mySpace(): null {
    return null;
  }
  get pinterest(): null {
    return null;
  }
  get youTube(): null {
    return null;
  }
  get soundCloud(): null {
    return null;
  }
  get wikipedia(): null {
    return null;
  }
}

export class SeoUserModel extends HeadSeoModel {
  get __typename(): string {
    return 'SEOUser';
  }
  /** Yoast's Meta surface has no language or region of an author. */
  get language(): null {
    return null;
  }
  get region(): null {
    return null;
  }
  /** The author archive's own crumb (the trail's last). */
  get breadcrumbTitle(): string | null {
    return this.surface.breadcrumbTitle;
  }
  get social(): SeoUserSocialModel {
    return new SeoUserSocialModel();
  }
  get schema(): SeoSchemaModel {
    return new SeoSchemaModel('SEOUserSchema', this.surface);
  }
}

async function surfaceOf(domain: DomainContext, subject: HeadSubject): Promise<SeoSurface | null> {
  return orNull(() => seoSurfaceOf(domain, subject));
}

/** The head kind of a content row: posts, pages and media items (seoHeadOf tells them apart), events, venues, organizers; other types have no head here (null). */
function contentSubject(row: Content): HeadSubject | null {
  if (row.type === 'post' || row.type === 'page' || row.type === 'attachment') return { kind: 'post', id: row.id };
  if (row.type === EVENT_TYPE) return { kind: 'event', id: row.id };
  if (row.type === VENUE_TYPE) return { kind: 'venue', id: row.id };
  if (row.type === ORGANIZER_TYPE) return { kind: 'organizer', id: row.id };
  return null;
}

export async function contentNodeSeo(ctx: GraphQLContext, row: Content): Promise<PostTypeSeoModel | null> {
  const subject = contentSubject(row);
  const surface = subject ? await surfaceOf(ctx.domain, subject) : null;
  return surface ? new PostTypeSeoModel(surface) : null;
}

export async function termSeo(ctx: GraphQLContext, view: TermView): Promise<TaxonomySeoModel | null> {
  const surface = await surfaceOf(ctx.domain, { kind: 'term', taxonomy: view.term.taxonomy, id: view.term.id });
  return surface ? new TaxonomySeoModel(surface) : null;
}

export async function userSeo(ctx: GraphQLContext, userId: number): Promise<SeoUserModel | null> {
  const surface = await surfaceOf(ctx.domain, { kind: 'user', id: userId });
  return surface ? new SeoUserModel(surface) : null;
}
