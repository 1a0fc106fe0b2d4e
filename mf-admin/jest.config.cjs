// @ts-check
const { jestConfig } = require('@modula/tooling/jest-preset');

module.exports = jestConfig(__dirname);
