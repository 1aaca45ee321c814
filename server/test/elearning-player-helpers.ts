import { inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import type { BuildOptions } from '../src/app';
import type { ServerConfig } from '../src/config';
import { buildCourseApp } from '../src/courseApp';
import { type InjectResponse, type TestServer, testConfig } from './helpers';

/** The text drawn on a PDF's pages (pdf-lib's standard fonts: WinAnsi strings in Tj operators), line by line. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const dataStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf('endstream', dataStart, 'latin1');
    if (end < 0) break;
    const data = raw.subarray(dataStart, end);
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (match[1] !== undefined) {
        const decoded = Buffer.from(match[1], 'hex')
          .toString('latin1')
          .replace(/\u0096/g, '–');
        texts.push(decoded);
      } else if (match[2] !== undefined) texts.push(match[2]);
    }
    at = end + 9;
  }
  return texts.join('\n');
}

/** A zip of the given files; yazl refuses unsafe names, so `rename` rewrites a name in the finished bytes. */
export async function zipOf(
  files: Record<string, string | Buffer>,
  options: { rename?: [from: string, to: string] } = {},
): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) {
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  if (options.rename) {
    const [from, to] = options.rename;
    if (from.length !== to.length) throw new Error('rename keeps the length');
    bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  }
  return bytes;
}

export const MANIFEST_12 = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>Test course</title>
    <item identifier="I1" identifierref="R1"><title>One</title></item></organization></organizations>
  <resources><resource identifier="R1" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`;

/**
 * The course origin (courseApp.ts) on the test server's database: `get` takes the absolute URLs the dashboard hands
 * out (launch URLs) or paths.
 */
export async function openCourseOrigin(
  server: TestServer,
  overrides: Partial<ServerConfig> = {},
  options: BuildOptions = {},
): Promise<{
  app: FastifyInstance;
  get(url: string, headers?: Record<string, string>): Promise<InjectResponse>;
  close(): Promise<void>;
}> {
  const app = await buildCourseApp(testConfig(overrides), server.db, options);
  await app.ready();
  return {
    app,
    get(url, headers = {}) {
      const parsed = new URL(url, 'http://127.0.0.1:8081');
      return app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}`, headers });
    },
    close: () => app.close(),
  };
}
