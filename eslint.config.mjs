import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'src/generated/**', 'node_modules/**', 'data/**', 'coverage/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // GraphQL maps its wire format onto the domain's contracts; REST is the other face, not a library.
    files: ['src/graphql/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/rest', '**/rest/**'], message: 'Nothing under src/graphql may import from src/rest: use the contracts in src/domain/<resource>/ and src/schema.' }],
      }],
    },
  },
  {
    // The domain and the schema engine serve both faces and know neither.
    files: ['src/domain/**', 'src/schema/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/rest', '**/rest/**', '**/graphql', '**/graphql/**'], message: 'The domain and src/schema serve both faces and import neither.' }],
      }],
    },
  },
  {
    files: ['jest.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
  },
);
