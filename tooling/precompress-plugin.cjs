// @ts-check
// Precompression at build time: once webpack has written an app's output, every JS, CSS, JSON, SVG and
// HTML file gets a Brotli (quality 11) and a gzip (level 9) copy next to it (main.js.br, main.js.gz).
// The backend (@fastify/static preCompressed) and nginx (brotli_static, gzip_static) send these by
// Accept-Encoding; nothing is compressed per request. Source maps are left alone.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const COMPRESSIBLE = /\.(js|mjs|cjs|css|json|svg|html|xml|txt|webmanifest)$/i;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const BROTLI_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

/** @param {string} root @returns {string[]} every compressible file below root */
function compressibleFiles(root) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) out.push(full);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out.sort();
}

/** @param {string} file */
async function writeVariants(file) {
  const content = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([brotli(content, BROTLI_OPTIONS), gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })]);
  await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes the variants of every compressible file below root, four at a time (zlib's thread pool).
 * @param {string} root
 * @returns {Promise<number>} how many files were compressed
 */
async function precompressDir(root) {
  const queue = compressibleFiles(root);
  const count = queue.length;
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await writeVariants(file);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return count;
}

class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.done.tapPromise('PrecompressPlugin', async (stats) => {
      if (stats.hasErrors()) return;
      await precompressDir(compiler.outputPath);
    });
  }
}

module.exports = { PrecompressPlugin, precompressDir, COMPRESSIBLE };
