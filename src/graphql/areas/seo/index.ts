/**
 * The search-optimisation area (graphql/seo.graphql: WPGraphQL for Yoast SEO's types; our write
 * input in graphql/seo-additions.graphql). The `seo` fields of content nodes, terms and users are
 * methods of their models, which ask item-seo.ts; RootQuery.seo is site-config.ts.
 */
import type { Area } from '../../model';
import { PostTypeSeoModel, SeoBreadcrumbModel, SeoSchemaModel, SeoUserModel, SeoUserSocialModel, TaxonomySeoModel } from './item-seo';
import { CONFIG_MODELS, seoConfig } from './site-config';

export const seoArea: Area = {
  resolvers: {
    RootQuery: { seo: seoConfig },
  } as Area['resolvers'],
  models: {
    PostTypeSEO: PostTypeSeoModel,
    TaxonomySEO: TaxonomySeoModel,
    SEOUser: SeoUserModel,
    SEOUserSocial: SeoUserSocialModel,
    SEOPostTypeBreadcrumbs: SeoBreadcrumbModel,
    SEOPostTypeSchema: SeoSchemaModel,
    SEOTaxonomySchema: SeoSchemaModel,
    SEOUserSchema: SeoSchemaModel,
    ...CONFIG_MODELS,
  },
};
