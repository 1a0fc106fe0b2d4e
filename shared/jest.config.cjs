// @ts-check
const { jestConfig } = require('../tooling/jest-preset.cjs');

module.exports = jestConfig(__dirname);
