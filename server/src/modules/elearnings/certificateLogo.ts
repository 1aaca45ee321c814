import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../core/db/database';
import { logoTypeOf } from '../licensee/logoImage';

/** A logo the PDF can embed as it is. */
export interface CertificateLogo {
  type: 'png' | 'jpg';
  bytes: Uint8Array;
}

/** Height the SVG logos are drawn at: sharp on paper at the certificate's 46 points (about 4 times over). */
const RASTER_HEIGHT_PX = 192;

// A logo file never changes (a new upload is a new file): its embeddable form is kept by the file's uuid.
const converted = new LRUCache<string, CertificateLogo | 'none'>({ max: 50 });

function isSvg(contentType: string, content: Buffer): boolean {
  if (contentType === 'image/svg+xml') return true;
  const start = content.subarray(0, 512).toString('utf8').trimStart();
  return start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'));
}

/**
 * An SVG logo (the demo licensees' logos, and any licensee's stored before uploads were limited to PNG, JPEG and
 * WebP) as a PNG, drawn by resvg: no scripts, no external files (resvg loads none), system fonts for its text.
 * Loaded with the first SVG logo only. null when the SVG cannot be drawn.
 */
async function rasterise(svg: Buffer): Promise<CertificateLogo | null> {
  try {
    const { Resvg } = await import('@resvg/resvg-js');
    const image = new Resvg(svg, {
      fitTo: { mode: 'height', value: RASTER_HEIGHT_PX },
      // Logos name web fonts (Arial, Helvetica) that servers seldom have: DejaVu Sans comes with Debian.
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    });
    return { type: 'png', bytes: image.render().asPng() };
  } catch {
    return null;
  }
}

/**
 * The logo of the client's licensee in a form the certificate PDF can embed: PNG and JPEG as uploaded, SVG drawn as
 * PNG. WebP (which pdf-lib cannot embed) and anything unreadable: null, and the certificate prints the licensee's name.
 */
export async function certificateLogo(db: Queryable, clientUuid: string): Promise<CertificateLogo | null> {
  const [file] = await db.query<{ uuid: string }>(
    `SELECT f.uuid FROM client c JOIN licensee l ON l.uuid = c.licensee_uuid JOIN file f ON f.uuid = l.logo_file_uuid
      WHERE c.uuid = $1`,
    [clientUuid],
  );
  if (!file) return null;
  const kept = converted.get(file.uuid);
  if (kept) return kept === 'none' ? null : kept;
  const [row] = await db.query<{ content: Uint8Array; content_type: string }>(
    'SELECT content, content_type FROM file WHERE uuid = $1',
    [file.uuid],
  );
  if (!row) return null;
  const content = Buffer.from(row.content);
  const type = logoTypeOf(content);
  const logo: CertificateLogo | null =
    type === 'image/png'
      ? { type: 'png', bytes: content }
      : type === 'image/jpeg'
        ? { type: 'jpg', bytes: content }
        : type === null && isSvg(row.content_type, content)
          ? await rasterise(content)
          : null;
  converted.set(file.uuid, logo ?? 'none');
  return logo;
}
