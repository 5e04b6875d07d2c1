/**
 * RootQuery.seo (WPGraphQL for Yoast SEO's SEOConfig) over the domain's site settings
 * (src/domain/seo/site-config.ts). The plugin's types are plain records of values; each is a
 * model made from its field list, a field answering its value (null when the record has none) or
 * calling it when it is a resolver (images, which are MediaItems the viewer may see).
 */
import { seoSiteConfig, type SeoContentTypeConfig, type SeoSiteConfig } from '../../../domain/seo/site-config';
import type { GraphQLContext } from '../../context';
import { Model } from '../../model';
import { mediaItemOf } from './item-seo';

type Values = Readonly<Record<string, unknown>>;
export type ValueModelClass = new (values: Values) => Model;

/** A model class of `typename` whose fields read the record given to its constructor. */
function valueModel(typename: string, fields: readonly string[]): ValueModelClass {
  class ValueModel extends Model {
    constructor(readonly values: Values) {
      super();
    }
    get __typename(): string {
      return typename;
    }
  }
  for (const field of fields) {
    Object.defineProperty(ValueModel.prototype, field, {
      get(this: ValueModel) {
        return Object.prototype.hasOwnProperty.call(this.values, field) ? this.values[field] : null;
      },
    });
  }
  Object.defineProperty(ValueModel, 'name', { value: `${typename}Model` });
  return ValueModel;
}

const TitleDescription = ['title', 'description'] as const;
export const CONFIG_MODELS = {
  SEOGlobalMetaHome: valueModel('SEOGlobalMetaHome', TitleDescription),
  SEOGlobalMetaAuthor: valueModel('SEOGlobalMetaAuthor', TitleDescription),
  SEOGlobalMetaDate: valueModel('SEOGlobalMetaDate', TitleDescription),
  SEOGlobalMetaConfig: valueModel('SEOGlobalMetaConfig', ['separator']),
  SEOGlobalMeta404: valueModel('SEOGlobalMeta404', ['title', 'breadcrumb']),
  SEOGlobalMeta: valueModel('SEOGlobalMeta', ['homepage', 'author', 'date', 'config', 'notFound']),
  SEOSchema: valueModel('SEOSchema', ['companyName', 'personName', 'companyOrPerson', 'companyLogo', 'personLogo', 'logo', 'siteName', 'wordpressSiteName', 'siteUrl', 'homeUrl', 'inLanguage']),
  SEOWebmaster: valueModel('SEOWebmaster', ['baiduVerify', 'googleVerify', 'msVerify', 'yandexVerify']),
  SEOBreadcrumbs: valueModel('SEOBreadcrumbs', ['enabled', 'boldLast', 'showBlogPage', 'notFoundText', 'archivePrefix', 'homeText', 'prefix', 'searchPrefix', 'separator']),
  SEOSocialFacebook: valueModel('SEOSocialFacebook', ['url', 'defaultImage']),
  SEOSocialTwitter: valueModel('SEOSocialTwitter', ['username', 'cardType']),
  SEOSocialInstagram: valueModel('SEOSocialInstagram', ['url']),
  SEOSocialLinkedIn: valueModel('SEOSocialLinkedIn', ['url']),
  SEOSocialMySpace: valueModel('SEOSocialMySpace', ['url']),
  SEOSocialPinterest: valueModel('SEOSocialPinterest', ['url', 'metaTag']),
  SEOSocialYoutube: valueModel('SEOSocialYoutube', ['url']),
  SEOSocialWikipedia: valueModel('SEOSocialWikipedia', ['url']),
  SEOSocial: valueModel('SEOSocial', ['facebook', 'twitter', 'instagram', 'linkedIn', 'mySpace', 'pinterest', 'youTube', 'wikipedia', 'otherSocials']),
  SEORedirect: valueModel('SEORedirect', ['origin', 'target', 'type', 'format']),
  SEOOpenGraphFrontPage: valueModel('SEOOpenGraphFrontPage', ['title', 'description', 'image']),
  SEOOpenGraph: valueModel('SEOOpenGraph', ['defaultImage', 'frontPage']),
  SEOPageInfoSchema: valueModel('SEOPageInfoSchema', ['raw']),
  SEOContentTypeArchive: valueModel('SEOContentTypeArchive', ['hasArchive', 'title', 'archiveLink', 'metaDesc', 'metaRobotsNoindex', 'metaRobotsNofollow', 'metaRobotsIndex', 'metaRobotsFollow', 'breadcrumbTitle', 'fullHead']),
  SEOContentType: valueModel('SEOContentType', ['title', 'metaDesc', 'metaRobotsNoindex', 'schemaType', 'schema', 'archive']),
  SEOContentTypes: valueModel('SEOContentTypes', ['post', 'page', 'mediaItem', 'event', 'venue', 'organizer']),
  SEOTaxonomyTypeArchive: valueModel('SEOTaxonomyTypeArchive', ['title', 'metaDesc', 'metaRobotsNoindex']),
  SEOTaxonomyType: valueModel('SEOTaxonomyType', ['archive']),
  SEOTaxonomyTypes: valueModel('SEOTaxonomyTypes', ['category', 'tag', 'postFormat', 'eventsCategory']),
  SEOConfig: valueModel('SEOConfig', ['meta', 'schema', 'webmaster', 'social', 'breadcrumbs', 'redirects', 'openGraph', 'contentTypes', 'taxonomyArchives']),
} as const;

const M = CONFIG_MODELS;
/** An image field: the attachment as a MediaItem when the viewer may see it. */
const image = (id: number) => (_: unknown, ctx: GraphQLContext) => mediaItemOf(ctx, id || null);

function contentTypeModel(config: SeoContentTypeConfig): Model {
  // Archives' heads and schema are not served here (no post type of ours registers an archive).
  return new M.SEOContentType({
    title: config.title,
    metaDesc: config.metaDesc,
    metaRobotsNoindex: config.metaRobotsNoindex,
    schemaType: config.schemaType,
    schema: new M.SEOPageInfoSchema({ raw: null }),
    archive: new M.SEOContentTypeArchive({ ...config.archive, fullHead: null }),
  });
}

function mapValues<V>(record: Readonly<Record<string, V>>, map: (value: V) => Model): Record<string, Model> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

export function seoConfigModel(config: SeoSiteConfig): Model {
  const { meta, schema, social, breadcrumbs } = config;
  return new M.SEOConfig({
    meta: new M.SEOGlobalMeta({
      homepage: new M.SEOGlobalMetaHome(meta.homepage),
      author: new M.SEOGlobalMetaAuthor(meta.author),
      date: new M.SEOGlobalMetaDate(meta.date),
      config: new M.SEOGlobalMetaConfig(meta.config),
      notFound: new M.SEOGlobalMeta404(meta.notFound),
    }),
    schema: new M.SEOSchema({
      companyName: schema.companyName,
      personName: schema.personName,
      companyOrPerson: schema.companyOrPerson,
      companyLogo: image(schema.companyLogoId),
      personLogo: image(schema.personLogoId),
      logo: image(schema.logoId),
      siteName: schema.siteName,
      wordpressSiteName: schema.wordpressSiteName,
      siteUrl: schema.siteUrl,
      homeUrl: schema.homeUrl,
      inLanguage: schema.inLanguage,
    }),
    webmaster: new M.SEOWebmaster({}),
    social: new M.SEOSocial({
      facebook: new M.SEOSocialFacebook({ url: social.facebookUrl, defaultImage: image(social.defaultImageId) }),
      twitter: new M.SEOSocialTwitter({ username: social.twitterUsername, cardType: social.twitterCardType }),
      instagram: new M.SEOSocialInstagram({}),
      linkedIn: new M.SEOSocialLinkedIn({}),
      mySpace: new M.SEOSocialMySpace({}),
      pinterest: new M.SEOSocialPinterest({}),
      youTube: new M.SEOSocialYoutube({}),
      wikipedia: new M.SEOSocialWikipedia({}),
      otherSocials: social.otherSocials,
    }),
    breadcrumbs: new M.SEOBreadcrumbs(breadcrumbs),
    // Yoast Premium's redirects; this site's redirects are the Redirection model's (RootQuery.redirection).
    redirects: [],
    openGraph: new M.SEOOpenGraph({ defaultImage: image(social.defaultImageId), frontPage: new M.SEOOpenGraphFrontPage({}) }),
    contentTypes: new M.SEOContentTypes(mapValues(config.contentTypes, contentTypeModel)),
    taxonomyArchives: new M.SEOTaxonomyTypes(mapValues(config.taxonomyArchives, (archive) => new M.SEOTaxonomyType({ archive: new M.SEOTaxonomyTypeArchive(archive) }))),
  });
}

export async function seoConfig(_: unknown, __: unknown, ctx: GraphQLContext): Promise<Model> {
  return seoConfigModel(await seoSiteConfig(ctx.domain));
}
