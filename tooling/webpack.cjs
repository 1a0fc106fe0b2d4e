// @ts-check
// The one webpack + Module Federation config factory. Every app's webpack.config.cjs is one call to
// createMfConfig; loaders, minifier, sharing, manifest and dev-server settings live only here.
const path = require('node:path');
const fs = require('node:fs');
const { execSync } = require('node:child_process');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { FirstScreenPlugin } = require('./first-screen.cjs');
const { appAt, contractsOf, EXPOSED_MODULE, FRAGMENT_FILE, hasFirstScreen, readApps, registryFragment, repoRoot, sharedVersion } = require('./apps.ts');

/**
 * The shared singletons come from @modula/shared's peerDependencies (package.json is the single source
 * of truth for what is shared), plus the subpaths React resolves separately and @modula/shared itself,
 * required in the range the app's own package.json names; and @modula/router (see below).
 * @param {string} sharedRange
 * @param {string | undefined} routerRange the app's @modula/router dependency, if it has one
 */
function sharedModules(sharedRange, routerRange) {
  const sharedPkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared/package.json'), 'utf8'));
  /** @type {Record<string, {singleton: boolean, requiredVersion: string | false, strictVersion?: boolean}>} */
  const shared = {};
  for (const [name, range] of Object.entries(sharedPkg.peerDependencies)) {
    shared[name] = { singleton: true, requiredVersion: String(range) };
  }
  const react = shared.react?.requiredVersion ?? '^19.0.0';
  const reactDom = shared['react-dom']?.requiredVersion ?? '^19.0.0';
  // Shared keys match exact import requests, so React's subpaths must be listed one by one.
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: react };
  shared['react/jsx-dev-runtime'] = { singleton: true, requiredVersion: react };
  shared['react-dom/client'] = { singleton: true, requiredVersion: reactDom };
  shared['@modula/shared'] = { singleton: true, requiredVersion: sharedRange };
  // One react-router per page (docs/decisions/001-react-router-sharing.md). @modula/router re-exports
  // only the router API the apps use, so the copy the page loads (the shell's) is tree-shaken to that
  // subset; sharing react-router-dom itself would ship all of it. Deliberately not a singleton: every
  // parcel renders its own router in its own React root, so two copies never meet, and an app whose
  // range the loaded copy does not satisfy (built against a newer @modula/router, or another major)
  // falls back to its own copy instead of getting missing exports (a singleton) or failing to load
  // (strictVersion). Apps built before @modula/router bundle react-router-dom and never ask for it.
  // MODULA_ROUTER_PER_APP=1 bundles it into each app instead: only npm run bench:bundle sets it.
  if (routerRange && process.env.MODULA_ROUTER_PER_APP !== '1') {
    shared['@modula/router'] = { singleton: false, requiredVersion: routerRange };
  }
  // MODULA_SHARE_EXTRA (a comma list of package names) shares more packages as singletons: set by hand
  // with npm run bench:bundle to measure whether sharing them pays (decision 001 measured
  // "react-router-dom,react-router" with it).
  for (const name of (process.env.MODULA_SHARE_EXTRA ?? '').split(',').map((n) => n.trim()).filter(Boolean)) {
    const range = sharedPkg.devDependencies?.[name] ?? sharedPkg.peerDependencies?.[name];
    shared[name] = { singleton: true, requiredVersion: range ? `^${String(range).replace(/^\^/, '')}` : false };
  }
  return shared;
}

/** The English strings the shell needs before its first render (see StartupPreloadPlugin). */
const STARTUP_STRINGS = /[\\/](shared[\\/]src[\\/]i18n[\\/]locales|shell[\\/]src[\\/]locales[\\/]shell)[\\/]en\.json$/;

/**
 * The shell's index.html preloads the chunks main.js loads at start-up (the bootstrap chunk and the
 * shared libraries the shell provides, then the English strings), so they download alongside main.js
 * instead of after it has run: round trips less before the first render. The code is in the chunk groups
 * the entry itself opens.
 */
class StartupPreloadPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const entry = compilation.entrypoints.get('main');
        if (!entry) return data;
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        /** @type {Set<string>} */
        const files = new Set();
        for (const group of entry.getChildren()) {
          for (const chunk of group.chunks) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
        }
        // The English strings of the namespaces the shell loads before its first render: English is the
        // fallback language, so they are loaded on every page whatever the visitor's language.
        for (const chunk of compilation.chunks) {
          const modules = [...compilation.chunkGraph.getChunkModulesIterable(chunk)];
          if (!modules.some((module) => STARTUP_STRINGS.test(/** @type {{resource?: string}} */ (module).resource ?? ''))) continue;
          for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
        for (const file of [...files].sort()) {
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }),
          );
        }
        return data;
      });
    });
  }
}

function gitSha() {
  if (process.env.GIT_SHA) return process.env.GIT_SHA;
  try {
    return execSync('git rev-parse --short=12 HEAD', { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Writes the registry fragment of a remote (name, version, contract, the @modula/shared range, routes,
 * slots) into its output folder. A deploy reads only this file and the built files, never the working
 * tree, so a saved build is deployed with the routes it was built with.
 */
class RegistryFragmentPlugin {
  /** @param {import('./apps.ts').RegistryFragment} fragment */
  constructor(fragment) {
    this.fragment = fragment;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RegistryFragmentPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RegistryFragmentPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(FRAGMENT_FILE, new webpack.sources.RawSource(`${JSON.stringify(this.fragment, null, 2)}\n`));
      });
    });
  }
}

/**
 * The webpack config of the app in `dir` (the __dirname of its webpack.config.cjs), all of it derived
 * from the app's manifest (host.json or remote.json) and package.json.
 * @param {string} dir
 */
function createMfConfig(dir) {
  const app = appAt(dir);
  const host = app.kind === 'shell';

  return (/** @type {Record<string, unknown>} */ _env, /** @type {{mode?: string}} */ argv) => {
    const prod = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    // Compiled into the app: what it was built as and against. A remote's contract and the range of
    // @modula/shared it needs must come from its own bundle, never from the shared singleton (the shell's).
    const buildInfo = {
      name: app.name,
      version: app.version,
      sha: gitSha(),
      builtAt: new Date().toISOString(),
      contract: app.kind === 'remote' ? app.contract : null,
      shared: app.shared,
    };
    /** @type {import('webpack').Configuration & {devServer?: Record<string, unknown>}} */
    const config = {
      mode: prod ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // MODULA_OUT_DIR builds every app into <dir>/<app folder> instead of its dist/ (bench variants).
        path: process.env.MODULA_OUT_DIR ? path.join(process.env.MODULA_OUT_DIR, path.basename(dir)) : path.join(dir, 'dist'),
        // Module Federation cannot hash entry names; entries are served no-cache, chunks immutable.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: host ? '/' : 'auto',
        uniqueName: app.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'],
        // Workspace packages resolve through node_modules symlinks to their TypeScript sources.
        symlinks: true,
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2020',
                transform: { react: { runtime: 'automatic', development: !prod } },
              },
            },
          },
          { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimize: prod,
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
      },
      performance: { hints: false },
      plugins: [
        new webpack.DefinePlugin({
          __MODULA_BUILD__: JSON.stringify(buildInfo),
          __MODULA_SHARED_VERSION__: JSON.stringify(sharedVersion()),
          // The shell implements the contract of every remote as its remote.json says at the shell's build.
          __MODULA_CONTRACTS__: JSON.stringify(host ? contractsOf(readApps()) : {}),
        }),
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.kind === 'remote' ? { [EXPOSED_MODULE]: app.exposes } : {},
          // No remote is known at build time: the shell registers them from /remotes.json at start-up.
          remotes: {},
          manifest: true,
          dts: false,
          shareStrategy: 'loaded-first',
          shared: sharedModules(app.shared, app.router),
          // MODULA_EXTERNAL_RUNTIME=1 (production only: a remote built this way cannot run standalone)
          // lets remotes use the shell's MF runtime instead of shipping their own copy.
          ...(prod && process.env.MODULA_EXTERNAL_RUNTIME === '1'
            ? { experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true } }
            : {}),
        }),
        ...(host
          ? [
              new HtmlWebpackPlugin({ template: './public/index.html', hash: true, inject: 'body', scriptLoading: 'defer' }),
              ...(prod ? [new StartupPreloadPlugin()] : []),
            ]
          : [new RegistryFragmentPlugin(registryFragment(app))]),
        ...(hasFirstScreen(dir) ? [new FirstScreenPlugin(dir)] : []),
        // Last: .br and .gz next to every text file the build wrote (production builds only).
        ...(prod ? [new PrecompressPlugin()] : []),
      ],
      devServer: {
        port: app.devPort,
        hot: false,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // public/ (the page of a standalone remote) and, for the shell, the development registry that
        // scripts/dev.ts writes (it points at the remotes' dev servers; nothing is compiled in).
        static: [
          ...(fs.existsSync(path.join(dir, 'public')) ? [{ directory: path.join(dir, 'public'), watch: false }] : []),
          ...(host ? [{ directory: path.join(repoRoot, '.cache', 'dev'), watch: false }] : []),
        ],
        // Same origin as in production: the runtime config and the API come from the backend.
        proxy: [
          {
            context: ['/config.json', '/auth/v1', '/rest/v1', '/realtime/v1', '/storage/v1', '/functions/v1', '/dev/inbox'],
            target: process.env.MODULA_BACKEND_URL ?? 'http://localhost:8080',
            ws: true,
          },
        ],
        client: { overlay: false },
      },
      // The MF plugins log through the infrastructure logger; their only warning ("publicPath='auto'")
      // describes what is intended: a remote's chunks load from wherever its manifest was deployed.
      infrastructureLogging: { level: 'error' },
      stats: 'errors-warnings',
    };
    return config;
  };
}

module.exports = { createMfConfig, sharedModules, repoRoot };
