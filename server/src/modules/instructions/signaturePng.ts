import { crc32, inflateSync } from 'node:zlib';
import { INSTRUCTION_SIGNATURE_MAX_BYTES } from '@dash/shared-core/calls';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A signature pad on a wide phone or tablet at 3x pixels stays well inside this; anything larger is no signature. */
const MAX_WIDTH = 4096;
const MAX_HEIGHT = 2048;
const BYTES_PER_PIXEL: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The PNG of a drawn signature as the browser sent it (base64, optionally as a data URL), or null when it is not a
 * whole, small PNG: the 8 signature bytes, IHDR first with sane dimensions, every chunk's CRC right, IDAT data that
 * inflates to exactly the size the header promises (no bomb: the inflation is capped at that size), IEND last and
 * nothing after it. Nothing the browser sends is trusted: the PDF embeds these bytes later.
 */
export function parseSignaturePng(base64: string): Buffer | null {
  const bytes = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (bytes.length < PNG_SIGNATURE.length + 12 * 3 || bytes.length > INSTRUCTION_SIGNATURE_MAX_BYTES) return null;
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let offset = 8;
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    const chunk = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(chunk) !== bytes.readUInt32BE(offset + 8 + length)) return null;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (header === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8] ?? 0,
        colourType: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      ended = end === bytes.length;
      break;
    }
    offset = end;
  }
  if (!header || !ended || data.length === 0) return null;
  const { width, height, bitDepth, colourType, interlace } = header;
  const channels = BYTES_PER_PIXEL[colourType];
  // The pad exports 8-bit RGBA, not interlaced; other 8-bit layouts are accepted, anything exotic is not.
  if (!channels || bitDepth !== 8 || interlace !== 0) return null;
  if (width < 1 || height < 1 || width > MAX_WIDTH || height > MAX_HEIGHT) return null;
  const expected = height * (1 + width * channels);
  try {
    const pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected });
    if (pixels.length !== expected) return null;
  } catch {
    return null;
  }
  return bytes;
}
