// @ts-check
// The jest preset every front-end workspace uses: swc transform, jsdom, the shared setup file and the
// typed test doubles of @modula/shared/testing.
const path = require('node:path');

/** @type {[string, unknown]} */
const swc = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

/** @param {string} rootDir @returns {import('jest').Config} */
function jestConfig(rootDir) {
  return {
    rootDir,
    testEnvironment: 'jsdom',
    transform: { '^.+\\.[jt]sx?$': swc },
    // ESM-only packages that must be transpiled for jest's CommonJS runtime.
    transformIgnorePatterns: ['/node_modules/(?!(@supabase|isows|tslib)/)'],
    setupFiles: [path.join(__dirname, 'jest-setup.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-after-env.cjs')],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    moduleNameMapper: {
      '\\.(png|jpe?g|webp|avif|svg|woff2?)$': path.join(__dirname, 'file-stub.cjs'),
    },
    globals: {
      __MODULA_BUILD__: { name: 'test', version: '0.0.0', sha: 'test', builtAt: '1970-01-01T00:00:00.000Z' },
    },
  };
}

module.exports = { jestConfig };
