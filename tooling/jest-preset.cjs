// @ts-check
// The jest preset every front-end workspace uses: swc transform, jsdom, the shared setup file and the
// typed test doubles of @modula/shared/testing.
const path = require('node:path');
const { appAt, contractsOf, HOST_MANIFEST, readApps, REMOTE_MANIFEST, sharedVersion } = require('./apps.ts');
const fs = require('node:fs');

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

/**
 * The build info an app's bundle would carry (see shared/src/globals.ts), from its manifest; a package
 * that is not an app (shared) gets a remote's shape with the tree's versions.
 * @param {string} rootDir
 */
function testBuild(rootDir) {
  const isApp = [HOST_MANIFEST, REMOTE_MANIFEST].some((file) => fs.existsSync(path.join(rootDir, file)));
  const app = isApp ? appAt(rootDir) : null;
  return {
    name: app?.name ?? 'test',
    version: app?.version ?? '0.0.0',
    sha: 'test',
    builtAt: '1970-01-01T00:00:00.000Z',
    contract: app ? (app.kind === 'remote' ? app.contract : null) : '1.0.0',
    shared: app?.shared ?? `^${sharedVersion()}`,
  };
}

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
      __MODULA_BUILD__: testBuild(rootDir),
      __MODULA_CONTRACTS__: contractsOf(readApps()),
      __MODULA_SHARED_VERSION__: sharedVersion(),
    },
  };
}

module.exports = { jestConfig };
