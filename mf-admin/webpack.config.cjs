// @ts-check
const { createMfConfig } = require('../tooling/webpack.cjs');

module.exports = createMfConfig({ dir: __dirname, name: 'mf_admin', port: 4305, exposes: { './app': './src/app.tsx' } });
