import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuiltFrom, recordBuild, sourceHash } from './build.mjs';

describe('the build cache (a hash of the sources)', () => {
  let base;
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  };
  const hash = () => sourceHash(['part/src', 'package-lock.json'], base);

  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'dash-build-hash-'));
    write('part/src/a.ts', 'export const a = 1;');
    write('part/src/nested/b.ts', 'export const b = 2;');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('stays the same when files are only touched (a fresh clone, a save without change)', () => {
    const before = hash();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(base, 'part/src/a.ts'), later, later);
    utimesSync(path.join(base, 'package-lock.json'), later, later);
    expect(hash()).toBe(before);
  });

  it('changes with a file’s contents, a new file and a renamed file', () => {
    const before = hash();
    write('part/src/a.ts', 'export const a = 3;');
    const edited = hash();
    expect(edited).not.toBe(before);
    write('part/src/c.ts', '');
    const added = hash();
    expect(added).not.toBe(edited);
    renameSync(path.join(base, 'part/src/c.ts'), path.join(base, 'part/src/d.ts'));
    expect(hash()).not.toBe(added);
  });

  it('ignores what installs and builds write', () => {
    const before = hash();
    write('part/src/node_modules/x/index.js', '');
    write('part/src/dist/main.js', '');
    expect(hash()).toBe(before);
  });

  it('counts an output as built only from the sources noted with it, and only as that output', () => {
    const dist = path.join(base, 'part/dist');
    const entry = path.join(dist, 'index.html');
    expect(isBuiltFrom(dist, entry, hash())).toBe(false);
    write('part/dist/index.html', '<script src="main.1.js">');
    recordBuild(dist, entry, hash());
    expect(isBuiltFrom(dist, entry, hash())).toBe(true);
    write('part/src/a.ts', 'export const a = 4;');
    expect(isBuiltFrom(dist, entry, hash())).toBe(false);
    write('part/src/a.ts', 'export const a = 1;');
    expect(isBuiltFrom(dist, entry, hash())).toBe(true);
    // Built again by hand (rspack alone notes nothing): not the output the record describes.
    write('part/dist/index.html', '<script src="main.2.js">');
    expect(isBuiltFrom(dist, entry, hash())).toBe(false);
    rmSync(dist, { recursive: true });
    expect(isBuiltFrom(dist, entry, hash())).toBe(false);
  });
});
