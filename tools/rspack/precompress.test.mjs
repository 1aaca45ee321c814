import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PrecompressPlugin } from './precompress.mjs';

let dir;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Runs the plugin's after-emit step on `files` (name -> contents) as if a build had just written them. */
async function runPlugin(files) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  for (const [name, contents] of Object.entries(files)) writeFileSync(path.join(dir, name), contents);
  let step;
  const compiler = { outputPath: dir, hooks: { afterEmit: { tapPromise: (_name, fn) => (step = fn) } } };
  new PrecompressPlugin().apply(compiler);
  await step({ outputOptions: { path: dir }, getAssets: () => Object.keys(files).map((name) => ({ name })) });
}

describe('PrecompressPlugin', () => {
  it('writes a gzip and a brotli copy of each JS and CSS file that decompress to the file', async () => {
    const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    const style = `body { color: red; }\n${'.a { margin: 0 }\n'.repeat(200)}`;
    await runPlugin({ 'main.0123456789.js': script, 'main.0123456789.css': style });
    for (const [name, contents] of [
      ['main.0123456789.js', script],
      ['main.0123456789.css', style],
    ]) {
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      const br = readFileSync(path.join(dir, `${name}.br`));
      expect(gunzipSync(gz).toString()).toBe(contents);
      expect(brotliDecompressSync(br).toString()).toBe(contents);
      expect(gz.length).toBeLessThan(contents.length / 10);
    }
  });

  it('leaves out small files, maps, manifests and index.html', async () => {
    const big = 'x'.repeat(5000);
    await runPlugin({
      'small.0123456789.js': 'console.log(1);',
      'main.0123456789.js.map': big,
      'mf-manifest.json': big,
      'index.html': big,
    });
    for (const name of ['small.0123456789.js', 'main.0123456789.js.map', 'mf-manifest.json', 'index.html']) {
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
    }
  });
});
