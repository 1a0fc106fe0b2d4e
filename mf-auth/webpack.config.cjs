// @ts-check
const { createMfConfig } = require('../tooling/webpack.cjs');

module.exports = createMfConfig({ dir: __dirname, name: 'mf_auth', port: 4302, exposes: { './app': './src/app.tsx' } });
