// @ts-check
// Everything about the app comes from its manifest (host.json or remote.json) and package.json.
module.exports = require('@modula/tooling/webpack').createMfConfig(__dirname);
