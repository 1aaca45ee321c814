import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSignaturePng } from './signaturePng';

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/** A real RGBA PNG of `width` x `height` transparent pixels, with its IDAT bytes replaceable. */
function png(width: number, height: number, idat?: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc(height * (1 + width * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat ?? deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('parseSignaturePng', () => {
  it('takes a whole PNG, with or without the data-URL prefix', () => {
    const bytes = png(40, 20);
    expect(parseSignaturePng(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parseSignaturePng(`data:image/png;base64,${bytes.toString('base64')}`)).not.toBeNull();
  });

  it('refuses what is no PNG, a broken one, a huge one and trailing bytes', () => {
    expect(
      parseSignaturePng(Buffer.from('GIF89a not a png at all, just text padding it').toString('base64')),
    ).toBeNull();
    const bytes = png(40, 20);
    const flipped = Buffer.from(bytes);
    flipped[30] = (flipped[30] ?? 0) ^ 0xff;
    expect(parseSignaturePng(flipped.toString('base64'))).toBeNull();
    expect(parseSignaturePng(Buffer.concat([bytes, Buffer.from('x')]).toString('base64'))).toBeNull();
    expect(parseSignaturePng(png(5000, 20).toString('base64'))).toBeNull();
    // IDAT that inflates to more than the header promises (a decompression bomb in small).
    expect(parseSignaturePng(png(4, 4, deflateSync(Buffer.alloc(100_000))).toString('base64'))).toBeNull();
    expect(parseSignaturePng(png(4, 4, Buffer.from('not deflate')).toString('base64'))).toBeNull();
  });
});
