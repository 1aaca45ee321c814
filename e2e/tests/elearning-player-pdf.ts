import { inflateSync } from 'node:zlib';

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
      if (match[1] !== undefined)
        texts.push(
          Buffer.from(match[1], 'hex')
            .toString('latin1')
            .replace(/\u0096/g, '–'),
        );
      else if (match[2] !== undefined) texts.push(match[2]);
    }
    at = end + 9;
  }
  return texts.join('\n');
}
