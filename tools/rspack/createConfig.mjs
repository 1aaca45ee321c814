// One rspack + Module Federation configuration for the shell (host) and every remote, so that
// the shared singletons and build settings cannot drift apart between independently deployed parts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';
import { FEDERATION_GLOBALS } from './federationGlobals.mjs';

const require = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Everything in the spec's shared list, as singletons (LESSONS.md: share react-dom/ as a prefix).
 * The router is the one exception in form, not in effect: areas take its APIs from @dash/shared-ui (a singleton
 * provided by the shell), so there is still exactly one router, and react-router is tree-shaken into the shell's
 * build instead of shipping whole (60 KB gzip) before the sign-in page.
 */
function sharedModules(packageDir) {
  const pkg = require(path.join(packageDir, 'package.json'));
  const deps = pkg.dependencies ?? {};
  const singleton = (name) => ({ singleton: true, requiredVersion: deps[name] ?? false });
  return {
    react: singleton('react'),
    'react/': { singleton: true, requiredVersion: deps.react ?? false },
    'react-dom': singleton('react-dom'),
    'react-dom/': { singleton: true, requiredVersion: deps['react-dom'] ?? false },
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    i18next: singleton('i18next'),
    'react-i18next': singleton('react-i18next'),
    zustand: singleton('zustand'),
    'zustand/': { singleton: true, requiredVersion: deps.zustand ?? false },
    '@dash/shared-core': singleton('@dash/shared-core'),
    // Separate entries so that their data loads only with the areas that use them.
    '@dash/shared-core/phone': singleton('@dash/shared-core'),
    '@dash/shared-core/postal': singleton('@dash/shared-core'),
    '@dash/shared-ui': singleton('@dash/shared-ui'),
    // Blocks that only some pages use: pages without them (sign-in) do not download them.
    '@dash/shared-ui/dropdown': singleton('@dash/shared-ui'),
    '@dash/shared-ui/table': singleton('@dash/shared-ui'),
    '@dash/shared-ui/tasks': singleton('@dash/shared-ui'),
    '@dash/shared-ui/upload': singleton('@dash/shared-ui'),
  };
}

/**
 * `federation: false` (the shell only, for the bench): no Module Federation at all; `alias` then swaps the loading
 * of areas for static imports and `distDir` keeps that build apart from the real one.
 * @param {{ dirname: string, name: string, scope: string, devPort: number, host?: boolean, federation?: boolean,
 *   alias?: Record<string, string>, distDir?: string }} options
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
        path: path.join(dirname, distDir),
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        uniqueName: scope,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.json'], alias },
      // Remotes take the federation SDK and error codes from the shell (shell/src/federation/runtimePlugin.ts) like
      // the runtime core (experiments.externalRuntime below); shell/package.json pins them to the plugin's version.
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
          { test: /\.module\.css$/, type: 'css/module' },
          { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        ],
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
            shared: sharedModules(dirname),
            // The federation runtime ships once, with the shell; remotes use it instead of bringing their own copy.
            experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
          }),
        host &&
          new rspack.HtmlRspackPlugin({
            template: path.join(dirname, 'src/index.html'),
            minify: production,
          }),
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
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
