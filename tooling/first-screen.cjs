// @ts-check
// Ships an app's first-screen template with its build (issue 18): every src/server/*.ts file (tests
// excluded) becomes dist/server/<name>.mjs (types stripped by swc, relative ".ts" imports pointed at the
// ".mjs" files), and the app's locales folders (src/**/locales/**/*.json) are copied under dist/server/ so the template
// can read its strings. The server loads server/first-screen.mjs at request time; a remote's registry
// fragment names it (`firstScreen`), the shell's is found at the deploy root.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const { transformSync } = require('@swc/core');


/** @param {string} dir @param {string} base @returns {string[]} */
function jsonFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(full, base);
    return entry.name.endsWith('.json') ? [path.relative(base, full)] : [];
  });
}

/** @param {string} dir @returns {string[]} folders named "locales" under dir */
function localesDirs(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'server') return [];
    const full = path.join(dir, entry.name);
    return entry.name === 'locales' ? [full] : localesDirs(full);
  });
}

/** @param {string} source @param {string} filename */
function compile(source, filename) {
  const { code } = transformSync(source, {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
    sourceMaps: false,
  });
  // Imports between the template's own files: "./x.ts" -> "./x.mjs". Anything else but node: built-ins is refused.
  return code.replace(/(from\s+|import\s*\(\s*)(['"])([^'"]+)\2/g, (match, lead, quote, spec) => {
    if (spec.startsWith('node:')) return match;
    if (!/^\.\/[a-z0-9-]+\.ts$/.test(spec)) {
      throw new Error(`${filename}: a first-screen template may import only its sibling files ("./name.ts") and node: built-ins, not "${spec}"`);
    }
    return `${lead}${quote}${spec.replace(/\.ts$/, '.mjs')}${quote}`;
  });
}

/**
 * The files of an app's first-screen template as its build ships them: server/<name>.mjs and
 * server/locales/**. Also used by tests that deploy a template without running webpack.
 * @param {string} appRoot
 * @returns {{ file: string, content: Buffer | string, source: string }[]}
 */
function firstScreenFiles(appRoot) {
  const serverDir = path.join(appRoot, 'src', 'server');
  const out = [];
  for (const name of fs.readdirSync(serverDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = path.join(serverDir, name);
    out.push({ file: `server/${name.replace(/\.ts$/, '.mjs')}`, content: compile(fs.readFileSync(source, 'utf8'), source), source });
  }
  // Every locales folder of the app (src/locales, src/billing/locales, ...) at the same place under server/.
  for (const dir of localesDirs(path.join(appRoot, 'src'))) {
    const base = path.relative(path.join(appRoot, 'src'), dir).split(path.sep).join('/');
    for (const rel of jsonFiles(dir)) {
      const source = path.join(dir, rel);
      out.push({ file: `server/${base}/${rel.split(path.sep).join('/')}`, content: fs.readFileSync(source), source });
    }
  }
  return out;
}

class FirstScreenPlugin {
  /** @param {string} appRoot */
  constructor(appRoot) {
    this.appRoot = appRoot;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstScreenPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FirstScreenPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const { file, content, source } of firstScreenFiles(this.appRoot)) {
          compilation.fileDependencies.add(source);
          // Not minimised: it runs on the server, and stays readable in the deploy root.
          compilation.emitAsset(file, new webpack.sources.RawSource(content), { minimized: true });
        }
      });
    });
  }
}

module.exports = { FirstScreenPlugin, firstScreenFiles };
