import { ApiHttpError } from '../../http/errors';

/**
 * An evidence photo as the server keeps it: a JPEG whose metadata segments are gone. The browser already shrinks and
 * re-encodes photos (which drops EXIF, GPS position included), but an upload is third-party input: a script or an old
 * browser could send the phone's original. So the server walks the JPEG's segments itself and keeps only what a
 * decoder needs: APP1-APP15 (EXIF, XMP, ICC, maker notes, GPS) and comments are dropped. Nothing is decoded here.
 */
export interface CleanJpeg {
  content: Buffer;
  width: number;
  height: number;
}

/** The largest side accepted: the browser sends at most 1600 px; more would only cost memory in every viewer. */
export const MAX_JPEG_EDGE = 4096;

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
/** Start-of-frame markers (C0-CF without DHT C4, JPG C8 and DAC CC): they carry the image size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** APP1-APP15: metadata of every kind. APP0 (JFIF) stays: it says how to read the colours. */
const isMetadata = (marker: number) => (marker >= 0xe1 && marker <= 0xef) || marker === COM;
/** Markers without a length field. */
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function invalid(): never {
  throw new ApiHttpError(400, 'Evidence.InvalidImage');
}

export function cleanJpeg(bytes: Buffer): CleanJpeg {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) invalid();
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== EOI) invalid();
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let width = 0;
  let height = 0;
  let position = 2;
  while (position < bytes.length) {
    if (bytes[position] !== 0xff) invalid();
    // Fill bytes (0xFF repeated) may stand before a marker.
    while (bytes[position + 1] === 0xff) position += 1;
    const marker = bytes[position + 1] ?? invalid();
    if (isStandalone(marker)) {
      kept.push(bytes.subarray(position, position + 2));
      position += 2;
      continue;
    }
    if (marker === SOI || marker === EOI) invalid();
    const length = bytes.readUInt16BE(position + 2);
    const end = position + 2 + length;
    if (length < 2 || end > bytes.length) invalid();
    if (isStartOfFrame(marker)) {
      if (length < 7) invalid();
      height = bytes.readUInt16BE(position + 5);
      width = bytes.readUInt16BE(position + 7);
    }
    if (marker === SOS) {
      // The image data and the end: kept as they are (no metadata follows the scan in a valid file).
      if (width === 0) invalid();
      kept.push(bytes.subarray(position));
      break;
    }
    if (!isMetadata(marker)) kept.push(bytes.subarray(position, end));
    position = end;
  }
  if (width < 1 || height < 1 || width > MAX_JPEG_EDGE || height > MAX_JPEG_EDGE) invalid();
  return { content: Buffer.concat(kept), width, height };
}
