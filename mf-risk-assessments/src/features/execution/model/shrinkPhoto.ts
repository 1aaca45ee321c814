import { EVIDENCE_PHOTO_MAX_EDGE } from '../../evaluation/constants';

/** JPEG quality of a shrunk photo: a 12-megapixel phone photo of 4 MB becomes some 200-400 KB. */
const QUALITY = 0.82;

/**
 * A photo as it is uploaded: at most EVIDENCE_PHOTO_MAX_EDGE pixels on its longer side, upright (the EXIF orientation
 * applied), re-encoded as JPEG. Drawing it on a canvas keeps the pixels only: EXIF, GPS position and maker notes stay
 * behind. A file the browser cannot decode is sent as it is; the server then refuses what is no JPEG.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const scale = Math.min(1, EVIDENCE_PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve) => {
    canvas.toBlob((blob) => resolve(blob ?? file), 'image/jpeg', QUALITY);
  });
}
