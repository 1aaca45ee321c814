import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_LIMITS } from '../src/modules/elearnings/scormPackage';
import { DEMO_ELEARNINGS } from '../src/seed/elearnings';
import { MANIFEST_12, zipOf } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, type InjectResponse, type TestServer } from './helpers';

/**
 * Bad uploads (docs/scorm.md "Package upload"): each refused with its own code, before anything is stored, and
 * without leaving a temporary file behind; zip bombs and oversized bodies are refused while streaming, never
 * inflated or buffered whole.
 */

let server: TestServer;
let admin: Agent;
let temporary: string;
const realTmp = process.env.TMPDIR;
const TARGET = DEMO_ELEARNINGS.acmeVduWorkstation;

beforeAll(async () => {
  // The upload's and the unpacking's temporary files land here (os.tmpdir() reads TMPDIR): each test checks it is
  // empty again. This test file runs in a process of its own.
  temporary = mkdtempSync(path.join(os.tmpdir(), 'upload-test-'));
  process.env.TMPDIR = temporary;
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
});

afterAll(async () => {
  await server.close();
  if (realTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = realTmp;
  rmSync(temporary, { recursive: true, force: true });
});

/** Nothing stored, nothing left on disk. */
let before: { packages: number; files: number };
async function stored() {
  const [row] = await server.db.query<{ packages: number; files: number }>(
    `SELECT (SELECT count(*)::int FROM elearning_package) AS packages,
            (SELECT count(*)::int FROM elearning_package_file) AS files`,
  );
  return row ?? { packages: -1, files: -1 };
}

beforeAll(async () => {
  before = await stored();
});

afterEach(async () => {
  expect(await stored()).toEqual(before);
  // The upload's temporary file goes once the answer is sent (onResponse): a moment after the answer arrives.
  await expect.poll(() => readdirSync(temporary), { timeout: 5_000 }).toEqual([]);
});

function upload(zip: Buffer | Readable, headers: Record<string, string> = {}): Promise<InjectResponse> {
  return server.inject({
    method: 'POST',
    url: `/api/elearning/upload-package?uuid=${TARGET}`,
    cookies: Object.fromEntries(admin.cookies),
    headers: { 'content-type': 'application/zip', 'x-xsrf-token': admin.xsrfToken ?? '', ...headers },
    payload: zip,
  });
}

interface RawEntry {
  name: string;
  /** The bytes as stored in the zip (deflated when `deflated`). */
  data: Buffer;
  deflated?: boolean;
  /** What the headers claim; the real size when left out. */
  uncompressedSize?: number;
  crc?: number;
  /** Unix mode in the upper 16 bits of the external attributes (a symbolic link: 0o120777). */
  unixMode?: number;
}

/** A zip written byte by byte, so that it can lie about sizes and carry names and modes no zip library writes. */
function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.deflated ? 8 : 0;
    const uncompressed = entry.uncompressedSize ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by Unix (3), so that the mode in the external attributes counts.
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(uncompressed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const file = (name: string, text: string): RawEntry => ({ name, data: Buffer.from(text) });
const COURSE = [file('imsmanifest.xml', MANIFEST_12), file('index.html', '<p>course</p>')];

describe('a missing or broken manifest', () => {
  it('no imsmanifest.xml: MissingManifest', async () => {
    expectError(await upload(rawZip([file('index.html', '<p>x</p>')])), 400, 'ElearningPackage.MissingManifest');
  });

  it('a manifest that is not well-formed XML, or no manifest at all inside: InvalidManifest', async () => {
    for (const manifest of [
      MANIFEST_12.replace('</organizations>', ''),
      '<manifest><organizations><organization><item identifierref="R"></organization></manifest>',
      'this is not xml',
      '<?xml version="1.0"?><package><title>not a manifest</title></package>',
    ]) {
      expectError(
        await upload(rawZip([file('imsmanifest.xml', manifest), file('index.html', 'x')])),
        400,
        'ElearningPackage.InvalidManifest',
      );
    }
  });

  it('a manifest of more than 4 MiB (the one file read into memory): InvalidManifest', async () => {
    // Random text: it does not compress, so that the size, not the ratio, is what is refused.
    const noise = randomBytes(PACKAGE_LIMITS.maxManifestBytes).toString('base64');
    const padded = MANIFEST_12.replace('<metadata>', `<metadata><!-- ${noise} -->`);
    expectError(
      await upload(await zipOf({ 'imsmanifest.xml': padded, 'index.html': 'x' })),
      400,
      'ElearningPackage.InvalidManifest',
    );
  });

  it('entity declarations are never expanded (no "billion laughs")', async () => {
    const laughs = MANIFEST_12.replace(
      '<manifest ',
      `<!DOCTYPE manifest [<!ENTITY a "ha">${Array.from({ length: 9 }, (_, level) => `<!ENTITY ${String.fromCharCode(98 + level)} "${`&${String.fromCharCode(97 + level)};`.repeat(10)}">`).join('')}]>\n<manifest `,
    ).replace('<title>Test course</title>', '<title>&j;</title>');
    const started = Date.now();
    const response = await upload(await zipOf({ 'imsmanifest.xml': laughs, 'index.html': 'x' }));
    expect(Date.now() - started).toBeLessThan(5_000);
    // Either refused as invalid, or stored with the title as written; never ten billion "ha".
    if (response.statusCode === 200) {
      expect(response.json().title.length).toBeLessThan(300);
      await server.db.query('DELETE FROM elearning_package_file WHERE package_uuid = $1', [response.json().uuid]);
      await server.db.query('UPDATE elearning SET package_uuid = NULL WHERE uuid = $1', [TARGET]);
      await server.db.query('DELETE FROM elearning_package WHERE uuid = $1', [response.json().uuid]);
    } else {
      expectError(response, 400, 'ElearningPackage.InvalidManifest');
    }
  });
});

describe('paths outside the package (zip slip)', () => {
  it('../, absolute paths, backslashes, drive letters and symbolic links: UnsafePath', async () => {
    for (const name of [
      '../evil.html',
      'course/../../evil.html',
      '/etc/cron.d/evil',
      '..\\evil.html',
      'C:/evil.html',
    ]) {
      expectError(await upload(rawZip([...COURSE, file(name, 'owned')])), 400, 'ElearningPackage.UnsafePath');
    }
    const link: RawEntry = { ...file('assets/passwd', '/etc/passwd'), unixMode: 0o120777 };
    expectError(await upload(rawZip([...COURSE, link])), 400, 'ElearningPackage.UnsafePath');
  });

  it('a manifest whose launch file or xml:base leaves the package: InvalidManifest', async () => {
    const outside = MANIFEST_12.replace('href="index.html"', 'href="../../index.html"');
    expectError(
      await upload(rawZip([file('imsmanifest.xml', outside), file('index.html', 'x')])),
      400,
      'ElearningPackage.InvalidManifest',
    );
    const base = MANIFEST_12.replace('<resources>', '<resources xml:base="../">');
    expectError(
      await upload(rawZip([file('imsmanifest.xml', base), file('index.html', 'x')])),
      400,
      'ElearningPackage.InvalidManifest',
    );
  });
});

describe('zip bombs', () => {
  it('one file far more compressed than any course file: TooLarge, refused by its header', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const bomb = rawZip([
      ...COURSE,
      { name: 'video.mp4', data: deflateRawSync(zeros), deflated: true, crc: crc32(zeros) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expectError(await upload(bomb), 400, 'ElearningPackage.TooLarge');
  });

  it('many files each below the per-file check that together inflate 1,000-fold: TooLarge', async () => {
    const zeros = Buffer.alloc(512 * 1024);
    const deflated = deflateRawSync(zeros);
    const pieces = Array.from({ length: 100 }, (_, index) => ({
      name: `assets/${index}.txt`,
      data: deflated,
      deflated: true,
      crc: crc32(zeros),
      uncompressedSize: zeros.length,
    }));
    expectError(await upload(rawZip([...COURSE, ...pieces])), 400, 'ElearningPackage.TooLarge');
  });

  it('headers that declare more than 1 GiB unpacked: TooLarge before anything is inflated', async () => {
    // Five files of 250 MiB, each within the per-file limit and the ratio (2 MiB of data that would never inflate):
    // refused on the claims alone, before the first byte is inflated.
    const junk = randomBytes(2 * 1024 * 1024);
    const big = (index: number): RawEntry => ({
      name: `media/${index}.mp4`,
      data: junk,
      deflated: true,
      uncompressedSize: 250 * 1024 * 1024,
    });
    const claims = rawZip([...COURSE, ...[1, 2, 3, 4, 5].map(big)]);
    expectError(await upload(claims), 400, 'ElearningPackage.TooLarge');
  });

  it('a file that inflates to more than its header says (a lying bomb): TooLarge, stopped while streaming', async () => {
    const zeros = Buffer.alloc(32 * 1024 * 1024);
    const liar: RawEntry = {
      name: 'script.js',
      data: deflateRawSync(zeros),
      deflated: true,
      crc: crc32(zeros),
      // Small enough to pass every check on the header, ratio included.
      uncompressedSize: 4096,
    };
    expectError(await upload(rawZip([...COURSE, liar])), 400, 'ElearningPackage.TooLarge');
  });

  it('more than 10,000 entries: TooManyFiles', async () => {
    const many = Array.from({ length: PACKAGE_LIMITS.maxEntries + 1 }, (_, index) => file(`f/${index}`, ''));
    expectError(await upload(rawZip([...COURSE, ...many])), 400, 'ElearningPackage.TooManyFiles');
  });

  it('not a zip, or a truncated one: InvalidZip', async () => {
    expectError(await upload(Buffer.from('not a zip at all')), 400, 'ElearningPackage.InvalidZip');
    const zip = rawZip(COURSE);
    expectError(await upload(zip.subarray(0, zip.length - 30)), 400, 'ElearningPackage.InvalidZip');
  });
});

describe('uploads beyond the size limit', () => {
  it('a 500 MB upload is refused by its length before its body is read (413, the connection closed)', async () => {
    // A body that sends one chunk and then waits forever: only an answer before reading it ends this request.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.alloc(64 * 1024));
    const started = Date.now();
    const response = await upload(endless, { 'content-length': String(500 * 1000 * 1000) });
    expectError(response, 413, 'Request.TooLarge');
    expect(response.headers.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(5_000);
    endless.destroy();
  });

  it('a body without a length is cut off as soon as it passes the limit (413), its temporary file removed', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const stream = new Readable({
      read() {
        sent += chunk.length;
        this.push(sent > PACKAGE_LIMITS.maxUploadBytes + 8 * chunk.length ? null : chunk);
      },
    });
    const response = await upload(stream, { 'transfer-encoding': 'chunked' });
    expectError(response, 413, 'Request.TooLarge');
    expect(response.headers.connection).toBe('close');
  });

  it('a member who may not upload gets 403 without his body being stored or read', async () => {
    const member = await server.login('acme', 'member');
    const endless = new Readable({ read() {} });
    endless.push(Buffer.alloc(1024));
    const response = await server.inject({
      method: 'POST',
      url: `/api/elearning/upload-package?uuid=${TARGET}`,
      cookies: Object.fromEntries(member.cookies),
      headers: {
        'content-type': 'application/zip',
        'x-xsrf-token': member.xsrfToken ?? '',
        'content-length': String(400 * 1000 * 1000),
      },
      payload: endless,
    });
    expectError(response, 403, 'Auth.Forbidden');
    expect(response.headers.connection).toBe('close');
    endless.destroy();
  });
});

describe('a good package after all that', () => {
  it('is stored whole, and its temporary files are gone', async () => {
    const response = await upload(rawZip(COURSE));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ fileCount: 2, launchPath: 'index.html' });
    const [files] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM elearning_package_file WHERE package_uuid = $1',
      [response.json().uuid],
    );
    expect(files?.count).toBe(2);
    before = await stored();
  });
});
