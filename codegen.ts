/**
 * GraphQL Code Generator: the SDL under graphql/ becomes the TypeScript types of the schema and of
 * its resolvers (src/generated/graphql.ts). Run by `npm run codegen`, by `npm install` and by the
 * build; the output is never edited or committed. Mappers say which domain record stands behind
 * each GraphQL type, so resolvers receive domain records, not JSON.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const domain = (path: string, name: string): string => `../${path}#${name}`;

const config: CodegenConfig = {
  schema: 'graphql/*.graphql',
  silent: true,
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: domain('graphql/context', 'GraphQLContext'),
        useIndexSignature: true,
        enumsAsTypes: true,
        // Domain types are imported under a suffix so they cannot clash with schema types (User).
        mapperTypeSuffix: 'Model',
        scalars: {
          DateTime: 'Date',
          URL: 'string',
          EmailAddress: 'string',
          JSON: 'unknown',
          PositiveInt: 'number',
          NonNegativeInt: 'number',
        },
        mappers: {
          Post: domain('domain/posts/types', 'PostRecord'),
          Page: domain('domain/posts/types', 'PostRecord'),
          MediaItem: domain('generated/prisma-sqlite/client', 'Content'),
          Revision: domain('generated/prisma-sqlite/client', 'Content'),
          Category: domain('domain/terms/terms', 'TermView'),
          Tag: domain('domain/terms/terms', 'TermView'),
          User: domain('generated/prisma-sqlite/client', 'User'),
          Menu: domain('domain/menus/menus', 'MenuRecord'),
          MenuItem: domain('domain/menus/menu-items', 'MenuItemRecord'),
          MenuLocation: domain('domain/menus/locations', 'MenuLocation'),
          Event: domain('domain/events/types', 'EventRecord'),
          Venue: domain('domain/events/types', 'VenueRecord'),
          Organizer: domain('domain/events/types', 'OrganizerRecord'),
          EventsCategory: domain('domain/terms/terms', 'TermView'),
          GeneralSettings: domain('domain/settings/options', 'SiteOptions'),
          ReadingSettings: domain('domain/settings/options', 'SiteOptions'),
          WritingSettings: domain('domain/settings/options', 'SiteOptions'),
          DiscussionSettings: domain('domain/settings/options', 'SiteOptions'),
        },
      },
    },
  },
};

export default config;
