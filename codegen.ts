/**
 * GraphQL Code Generator: the SDL under graphql/ becomes the TypeScript types of the schema and of
 * their arguments and inputs (src/generated/graphql.ts). Run by `npm run codegen`, by `npm install`
 * and by the build; the output is never edited or committed. Object types are served by models
 * (src/graphql/model.ts), so no resolver mappers are needed.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'graphql/*.graphql',
  silent: true,
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript'],
      config: {
        enumsAsTypes: true,
        // Arguments, inputs and enums are what resolvers use; object types are served by models.
      },
    },
  },
};

export default config;
