import type { Language } from '@dash/shared-core';
// pdf-lib loads with the first document, not with the server: 2 s of every start.
import type { Color, PDFFont, PDFPage } from 'pdf-lib';

/** A calendar day (YYYY-MM-DD) as printed on the documents: 05.03.2026 in German, 05/03/2026 in English. */
export function formatPdfDay(day: string, language: Language): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return language === 'de_DE' ? `${date}.${month}.${year}` : `${date}/${month}/${year}`;
}

/** Helvetica covers WinAnsi only: anything else becomes '?', never an exception halfway through a document. */
export function printable(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...value.replace(/\r?\n/g, ' ')]
    .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** A new document with its metadata and the two faces every document of the dashboard prints with. */
export async function createPdf(meta: { title: string; author: string }) {
  const pdfLib = await import('pdf-lib');
  const pdf = await pdfLib.PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreationDate(new Date());
  const font = await pdf.embedFont(pdfLib.StandardFonts.Helvetica);
  const bold = await pdf.embedFont(pdfLib.StandardFonts.HelveticaBold);
  return { pdf, font, bold, rgb: pdfLib.rgb };
}

/** "Page x of y" in the bottom right corner of every page, once the number of pages is known. */
export function numberPages(
  pages: readonly PDFPage[],
  label: (index: number, total: number) => string,
  frame: { font: PDFFont; margin: number; color: Color },
): void {
  const size = 8;
  pages.forEach((page, index) => {
    const text = printable(frame.font, label(index + 1, pages.length));
    page.drawText(text, {
      x: page.getWidth() - frame.margin - frame.font.widthOfTextAtSize(text, size),
      y: 22,
      size,
      font: frame.font,
      color: frame.color,
    });
  });
}
