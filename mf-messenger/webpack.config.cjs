// @ts-check
const { createMfConfig } = require('../tooling/webpack.cjs');

module.exports = createMfConfig({ dir: __dirname, name: 'mf_messenger', port: 4303, exposes: { './app': './src/app.tsx' } });
