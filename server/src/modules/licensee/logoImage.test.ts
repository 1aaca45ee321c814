import { describe, expect, it } from 'vitest';
import { logoTypeOf, logoTypeOfName } from './logoImage';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('logo content sniffing', () => {
  it('knows PNG, JPEG and WebP by their first bytes', () => {
    expect(logoTypeOf(PNG)).toBe('image/png');
    expect(logoTypeOf(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('image/jpeg');
    expect(logoTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe(
      'image/webp',
    );
  });

  it('refuses a renamed executable, an SVG, a GIF, a WAV (RIFF, not WebP) and too short content', () => {
    expect(logoTypeOf(Buffer.from('4d5a90000300000004000000ffff0000', 'hex'))).toBeNull();
    expect(logoTypeOf(Buffer.from('7f454c46020101000000000000000000', 'hex'))).toBeNull();
    expect(
      logoTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(logoTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(logoTypeOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(logoTypeOf(PNG.subarray(0, 4))).toBeNull();
    expect(logoTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('reads the promised type from the extension only', () => {
    expect(logoTypeOfName('Logo.PNG')).toBe('image/png');
    expect(logoTypeOfName('logo.jpeg')).toBe('image/jpeg');
    expect(logoTypeOfName('logo.jpg')).toBe('image/jpeg');
    expect(logoTypeOfName('logo.webp')).toBe('image/webp');
    expect(logoTypeOfName('logo.svg')).toBeNull();
    expect(logoTypeOfName('logo.png.exe')).toBeNull();
    expect(logoTypeOfName('png')).toBeNull();
  });
});
