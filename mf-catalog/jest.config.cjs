// @ts-check
const { jestConfig } = require('@modula/tooling/jest-preset');

const base = jestConfig(__dirname);

module.exports = {
  ...base,
  // marked ships only ES modules; jest's CommonJS runtime needs it transpiled like the preset's ESM packages.
  transformIgnorePatterns: ['/node_modules/(?!(@supabase|isows|tslib|marked)/)'],
};
