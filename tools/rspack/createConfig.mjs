// One rspack + Module Federation configuration for the shell (host) and every remote, so that
// the shared singletons and build settings cannot drift apart between independently deployed parts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';
import { packageOf } from '../release/compatibility.mjs';
import { declaredArea, ROOT } from './areas.mjs';
import { FEDERATION_GLOBALS } from './federationGlobals.mjs';
import { PrecompressPlugin } from './precompress.mjs';

const require = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * react-router's production build: its package exports name only the development files, whose warnings
 * (`ENABLE_DEV_WARNINGS = true`) stay in a production bundle. Same version, same code otherwise.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
/** React's own useSyncExternalStore in place of the shim for React < 18 (shared/useSyncExternalStore.mjs). */
const USE_SYNC_EXTERNAL_STORE = fileURLToPath(new URL('./shared/useSyncExternalStore.mjs', import.meta.url));
/** Marks react-router's top-level calls as pure so that what no part imports is left out (loaders/annotatePure.mjs). */
const ANNOTATE_PURE_LOADER = fileURLToPath(new URL('./loaders/annotatePure.mjs', import.meta.url));

/** The federation bundler runtime's entry, as the federation plugin imports it into every part's start-up code. */
const BUNDLER_RUNTIME_ENTRY = createRequire(import.meta.url).resolve('@module-federation/webpack-bundler-runtime');
/** What remotes import in its place: the shell's functions (tools/rspack/bundlerRuntime/). */
const REMOTE_BUNDLER_RUNTIME = fileURLToPath(new URL('./bundlerRuntime/remote.mjs', import.meta.url));

/** An ES module entry, as `import` resolves it from here. */
const esm = (specifier) => fileURLToPath(import.meta.resolve(specifier));
/**
 * The shell's federation runtime as ES modules: the federation plugin imports the CommonJS builds, which cannot be
 * tree-shaken (the whole SDK, the Node.js loaders and the manifest code the shell leaves out stayed in its first
 * script). Same packages and versions, other files.
 */
const HOST_RUNTIME_AS_ESM = {
  [BUNDLER_RUNTIME_ENTRY]: esm('@module-federation/webpack-bundler-runtime'),
  '@module-federation/runtime': esm('@module-federation/runtime'),
  '@module-federation/runtime/core$': esm('@module-federation/runtime/core'),
  '@module-federation/runtime-core$': esm('@module-federation/runtime-core'),
};

/** The package's own ES module entry, for tools/rspack/shared/react-i18next.mjs (which takes from it what is shared). */
const REACT_I18NEXT_SOURCE = fileURLToPath(import.meta.resolve('react-i18next'));
/** What is shared as `react-i18next`: a module exporting only the parts the dashboard uses (see that file). */
export const SHARED_REACT_I18NEXT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shared/react-i18next.mjs');

/**
 * Everything in the spec's shared list, as singletons.
 * The router is the one exception in form, not in effect: areas take its APIs from @dash/shared-ui (a singleton
 * provided by the shell), so there is still exactly one router, and react-router is tree-shaken into the shell's
 * build instead of shipping whole before the sign-in page.
 * Each shared module costs a version check at run time, and a chunk of its own where it is not eager, so only what
 * has to be one instance is shared: not `react/jsx-runtime` (stateless in production; its development
 * build takes React from the shared `react`) and not `react-dom/client` (LESSONS.md shares `react-dom/` as a prefix
 * because React 19's client needs the one react-dom: it takes it from the shared `react-dom` here, and only the
 * shell renders), not `zustand/middleware` (stateless; each part keeps only `devtools`, and production builds not even
 * that: shared-ui/src/state/devtoolsOptions.ts). react-i18next is shared as
 * a module with only the parts the dashboard uses (SHARED_REACT_I18NEXT).
 */
function sharedModules(packageDir, host) {
  const pkg = require(path.join(packageDir, 'package.json'));
  const deps = pkg.dependencies ?? {};
  const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] ?? false });
  // What every page needs is eager in the shell (LESSONS.md: eager sharing only in the host): part of its first
  // script instead of a chunk each, requested one by one once the runtime has started (fewer scripts and
  // bytes before the sign-in page; shell/src/index.ts then needs no async boundary either). Remotes
  // keep lazy fallbacks, never used while the shell runs.
  const everyPage = (name) => ({ ...singleton(name), eager: host });
  const reactI18nextVersion = require(path.join(path.dirname(REACT_I18NEXT_SOURCE), '../../package.json')).version;
  return {
    react: everyPage('react'),
    'react-dom': everyPage('react-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    i18next: everyPage('i18next'),
    'react-i18next': {
      ...everyPage('react-i18next'),
      import: SHARED_REACT_I18NEXT,
      version: reactI18nextVersion,
    },
    zustand: everyPage('zustand'),
    '@dash/shared-core': everyPage('@dash/shared-core'),
    // Separate entries so that their data loads only with the areas that use them.
    '@dash/shared-core/calls': singleton('@dash/shared-core'),
    '@dash/shared-core/phone': singleton('@dash/shared-core'),
    '@dash/shared-core/postal': singleton('@dash/shared-core'),
    '@dash/shared-ui': everyPage('@dash/shared-ui'),
    // Blocks that only some pages use: pages without them (sign-in) do not download them.
    '@dash/shared-ui/confirm-dialog': singleton('@dash/shared-ui'),
    '@dash/shared-ui/dialog': singleton('@dash/shared-ui'),
    '@dash/shared-ui/display': singleton('@dash/shared-ui'),
    '@dash/shared-ui/dropdown': singleton('@dash/shared-ui'),
    '@dash/shared-ui/member-picker': singleton('@dash/shared-ui'),
    '@dash/shared-ui/password-fields': singleton('@dash/shared-ui'),
    '@dash/shared-ui/table': singleton('@dash/shared-ui'),
    '@dash/shared-ui/tasks': singleton('@dash/shared-ui'),
    '@dash/shared-ui/upload': singleton('@dash/shared-ui'),
  };
}

/**
 * Package -> version of what the shell shares, as installed: the shell checks a release's manifest against it
 * (docs/releases.md) before it loads the release's code.
 */
function sharedVersions(packageDir) {
  /** @type {Record<string, string>} */
  const versions = {};
  for (const [name, options] of Object.entries(sharedModules(packageDir, true))) {
    const pkg = packageOf(name);
    if (versions[pkg]) continue;
    versions[pkg] = options.version ?? require(path.join(ROOT, 'node_modules', pkg, 'package.json')).version;
  }
  return versions;
}

/**
 * A remote's configuration: name, scope and dev port come from its declaration in shared-core/src/areas.json,
 * found by the name of the folder whose rspack.config.mjs calls this with its `import.meta.url`.
 * @param {string} configFileUrl
 */
export function areaConfig(configFileUrl) {
  const folder = path.dirname(fileURLToPath(configFileUrl));
  const area = declaredArea(path.basename(folder));
  // The release command (scripts/release.mjs) may build the area from another copy of its folder (another branch or
  // tag, checked out inside the repository so that the packages resolve) into a folder of its own.
  const dirname = process.env.DASH_AREA_DIR ? path.resolve(process.env.DASH_AREA_DIR) : folder;
  const outDir = process.env.DASH_OUT_DIR ? path.resolve(process.env.DASH_OUT_DIR) : undefined;
  return createConfig({ dirname, name: area.name, scope: area.scope, devPort: area.devPort, outDir });
}

/**
 * `federation: false` (the shell only, for the bench: scripts/bench/withoutFederation.mjs): no Module Federation at
 * all; `alias` and `plugins` then swap the loading of areas for static imports and `distDir` keeps that build apart
 * from the real one.
 * @param {{ dirname: string, name: string, scope: string, devPort: number, host?: boolean, federation?: boolean,
 *   alias?: Record<string, string>, distDir?: string, outDir?: string, plugins?: import('@rspack/core').RspackPluginInstance[] }} options
 */
export function createConfig({
  dirname,
  name,
  scope,
  devPort,
  host = false,
  federation = true,
  alias,
  distDir = 'dist',
  outDir,
  plugins = [],
}) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // Explicit, or the federation type archive lands in dist/dist (LESSONS.md).
        path: outDir ?? path.join(dirname, distDir),
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        uniqueName: scope,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
        alias: {
          ...alias,
          'react-i18next-source$': REACT_I18NEXT_SOURCE,
          'use-sync-external-store/shim$': USE_SYNC_EXTERNAL_STORE,
          'use-sync-external-store/shim/index.js$': USE_SYNC_EXTERNAL_STORE,
          ...(production ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {}),
          // Remotes: the bundler runtime's functions come from the shell (bundlerRuntime/remote.mjs).
          ...(federation && !host
            ? {
                [BUNDLER_RUNTIME_ENTRY]: REMOTE_BUNDLER_RUNTIME,
                // ES modules, so that bundlerRuntime/remote.mjs takes only init and getRemoteEntry from it.
                '@module-federation/runtime': HOST_RUNTIME_AS_ESM['@module-federation/runtime'],
              }
            : {}),
          ...(federation && host ? HOST_RUNTIME_AS_ESM : {}),
        },
      },
      // Remotes take the federation SDK and error codes from the shell (shell/src/federation/runtimePlugin.ts) like
      // the runtime core (experiments.externalRuntime below) and the bundler runtime (alias above): a remoteEntry.js
      // holds only the remote's own start-up. shell/package.json pins them
      // to the plugin's version.
      externals:
        federation && !host
          ? {
              '@module-federation/sdk': `global ${FEDERATION_GLOBALS.sdk}`,
              '@module-federation/error-codes': `global ${FEDERATION_GLOBALS.errorCodes}`,
            }
          : undefined,
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules[\\/](?!@dash)/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
            type: 'javascript/auto',
          },
          production && {
            test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.m?js$/,
            loader: ANNOTATE_PURE_LOADER,
          },
          { test: /\.module\.css$/, type: 'css/module' },
          { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        ].filter(Boolean),
      },
      plugins: [
        federation &&
          new ModuleFederationPlugin({
            name: scope,
            filename: 'remoteEntry.js',
            manifest: true,
            dts: false,
            exposes: host ? undefined : { './register': './src/register.tsx' },
            remotes: host ? {} : undefined,
            // A remote that is offline must not blank the page (LESSONS.md): load what is there first.
            shareStrategy: 'loaded-first',
            runtimePlugins: host ? [path.join(dirname, 'src/federation/runtimePlugin.ts')] : [],
            shared: sharedModules(dirname, host),
            // The federation runtime ships once, with the shell; remotes use it instead of bringing their own copy.
            experiments: host
              ? {
                  provideExternalRuntime: true,
                  // The shell reads each remote's manifest itself (shell/src/federation/loadArea.ts) and hands the
                  // runtime the entry script, so the runtime's manifest code is left out, and its Node.js code with it.
                  optimization: { disableSnapshot: true, target: 'web' },
                }
              : { externalRuntime: true, optimization: { target: 'web' } },
          }),
        host &&
          new rspack.HtmlRspackPlugin({
            template: path.join(dirname, 'src/index.html'),
            minify: production,
          }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          ...(host
            ? { 'process.env.DASH_SHARED_VERSIONS': JSON.stringify(JSON.stringify(sharedVersions(dirname))) }
            : {}),
        }),
        // .gz and .br beside each JS and CSS file, which the server sends as they are (precompress.mjs).
        production && new PrecompressPlugin(),
        ...plugins,
      ].filter(Boolean),
      optimization: { minimize: production },
      performance: { hints: false },
      devServer: {
        port: devPort,
        hot: true,
        historyApiFallback: host,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: host ? [{ context: ['/api', '/assets', '/remotes'], target: 'http://localhost:8080' }] : [],
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      name,
    };
  };
}
