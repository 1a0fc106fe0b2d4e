// @ts-check
const { createMfConfig } = require('../tooling/webpack.cjs');

module.exports = createMfConfig({ dir: __dirname, name: 'mf_vendor', port: 4304, exposes: { './app': './src/app.tsx' } });
