import { describe, expect, it } from 'vitest';
import { cleanJpeg } from './evidenceJpeg';

/** A minimal JPEG's segments (not decodable, but shaped like one): SOI, APP0, [extra], SOF0 with size, SOS, data, EOI. */
function jpeg(extra: Buffer[] = [], size = { width: 640, height: 480 }): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const sof = Buffer.alloc(15);
  sof[0] = 8;
  sof.writeUInt16BE(size.height, 1);
  sof.writeUInt16BE(size.width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...extra.map((body) => segment(0xe1, body)),
    segment(0xfe, Buffer.from('a comment')),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

describe('evidence photos: cleanJpeg', () => {
  it('drops EXIF (GPS position included) and comments, keeps the image and reads its size', () => {
    const gps = Buffer.from('Exif\0\0GPSLatitude 53.5511 N GPSLongitude 9.9937 E', 'latin1');
    const clean = cleanJpeg(jpeg([gps]));
    expect(clean.width).toBe(640);
    expect(clean.height).toBe(480);
    const text = clean.content.toString('latin1');
    expect(text).not.toContain('Exif');
    expect(text).not.toContain('GPSLatitude');
    expect(text).not.toContain('a comment');
    expect(text).toContain('JFIF');
    expect(clean.content.subarray(-7).equals(Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]))).toBe(true);
  });

  it('refuses what is no JPEG, a truncated one and an image larger than 4096 px', () => {
    expect(() => cleanJpeg(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toThrow(/Evidence.InvalidImage/);
    expect(() => cleanJpeg(jpeg().subarray(0, 30))).toThrow(/Evidence.InvalidImage/);
    expect(() => cleanJpeg(jpeg([], { width: 5000, height: 100 }))).toThrow(/Evidence.InvalidImage/);
    expect(() => cleanJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow(/Evidence.InvalidImage/);
  });
});
