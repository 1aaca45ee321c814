import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** A plain (non-federated) build of the building-block gallery into shared-ui/gallery/dist. */
export default {
  mode: 'production',
  context: dirname,
  entry: { main: './src/main.tsx' },
  devtool: false,
  output: { path: path.join(dirname, 'dist'), publicPath: '/', filename: '[name].[contenthash:10].js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules[\\/](?!@dash)/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css' },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: path.join(dirname, 'src/index.html') }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
  ],
  performance: { hints: false },
};
