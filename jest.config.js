/** Jest runs TypeScript through SWC; type checking is `npm run typecheck`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
    // The SEO analysis library's HTML parser (parse5 8, entities 9) ships as ES modules only; Node
    // loads them with require(), Jest needs them compiled to CommonJS.
    '/node_modules/(parse5|entities)/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
  },
  // Nested copies too (yoastseo keeps its own parse5 8 beside the top-level 7.3).
  transformIgnorePatterns: ['/node_modules/(?!(parse5|entities)/)(?!.*/node_modules/(parse5|entities)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
};
