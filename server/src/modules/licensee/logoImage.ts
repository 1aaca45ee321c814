/**
 * What an uploaded logo really is, by its first bytes (never by its name): PNG, JPEG or WebP, else null. A renamed
 * executable, an SVG (text, may carry script), a GIF or anything else is null.
 */
export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (content: Buffer, bytes: number[], offset = 0) =>
  content.length >= offset + bytes.length && bytes.every((byte, index) => content[offset + index] === byte);

export function logoTypeOf(content: Buffer): LogoType | null {
  if (startsWith(content, PNG)) return 'image/png';
  if (startsWith(content, JPEG)) return 'image/jpeg';
  // RIFF <size> WEBP
  if (
    content.length >= 12 &&
    content.toString('latin1', 0, 4) === 'RIFF' &&
    content.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** The type a file name promises: its extension must agree with the content. */
export function logoTypeOfName(filename: string): LogoType | null {
  const extension = filename.includes('.') ? (filename.split('.').pop() ?? '').toLowerCase() : '';
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'webp') return 'image/webp';
  return null;
}

export const LOGO_EXTENSION: Record<LogoType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
