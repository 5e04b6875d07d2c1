/** Jest runs TypeScript through SWC; type checking is `npm run typecheck`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
};
