// @ts-check
const { createMfConfig } = require('../tooling/webpack.cjs');

module.exports = createMfConfig({ dir: __dirname, name: 'mf_catalog', port: 4301, exposes: { './app': './src/app.tsx' } });
