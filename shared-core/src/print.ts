/** Paper orientations of the print pages (certificate, risk-action list). */
export type PrintOrientation = 'portrait' | 'landscape';
export const PRINT_ORIENTATIONS: readonly PrintOrientation[] = ['portrait', 'landscape'];

/**
 * The print layout's one inline <style> element. The server's Content-Security-Policy allows exactly these texts
 * (by their SHA-256), so inline styles stay forbidden otherwise: keep the text here, in one place.
 */
export function printPageStyle(orientation: PrintOrientation): string {
  return `@page { size: A4 ${orientation}; margin: 15mm; }`;
}
