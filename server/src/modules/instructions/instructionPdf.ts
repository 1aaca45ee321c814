// pdf-lib loads with the first export, not with the server (as in riskAssessments/exportActionList.ts).
import type { PDFFont, PDFImage } from 'pdf-lib';
import { createPdf, formatPdfDay, numberPages, printable } from '../../core/pdf/pdfDocument';

export type PdfLanguage = 'de_DE' | 'en_GB';

export interface InstructionRecordDocument {
  licenseeName: string;
  clientName: string;
  title: string;
  /** YYYY-MM-DD */
  heldOn: string;
  instructorName: string;
  targetName: string;
  repeatIntervalMonths: number;
  documents: readonly string[];
  /** YYYY-MM-DD */
  createdOn: string;
  attendees: ReadonlyArray<{
    memberName: string;
    confirmedAt: string | null;
    signedOn: 'instructor-device' | 'own-device' | 'elearning' | null;
    signaturePng: Uint8Array | null;
  }>;
}

const TEXTS = {
  de_DE: {
    heading: 'Unterweisungsnachweis',
    legal: 'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1',
    topic: 'Thema',
    heldOn: 'Datum',
    instructor: 'Unterweisende Person',
    target: 'Teilnehmerkreis',
    repeat: (months: number) => `Wiederholung alle ${months} Monate`,
    documents: 'Ausgehändigte Unterlagen',
    none: 'keine',
    headers: ['Nr.', 'Name', 'Bestätigt am', 'Unterschrift'],
    open: 'nicht bestätigt',
    own: 'eigenes Gerät',
    elearning: 'per E-Learning',
    instructorDevice: 'Gerät der unterweisenden Person',
    confirmation:
      'Mit der Unterschrift bestätigen die Teilnehmenden, an der Unterweisung teilgenommen und sie verstanden zu haben.',
    created: 'Erstellt am',
    page: (index: number, total: number) => `Seite ${index} von ${total}`,
  },
  en_GB: {
    heading: 'Instruction record',
    legal: 'Instruction under § 12 ArbSchG and § 4 DGUV Regulation 1',
    topic: 'Topic',
    heldOn: 'Date',
    instructor: 'Instructor',
    target: 'Attendees',
    repeat: (months: number) => `Repeated every ${months} months`,
    documents: 'Documents handed out',
    none: 'none',
    headers: ['No.', 'Name', 'Confirmed on', 'Signature'],
    open: 'not confirmed',
    own: 'own device',
    elearning: 'by e-learning',
    instructorDevice: "instructor's device",
    confirmation: 'By signing, the attendees confirm that they took part in the instruction and understood it.',
    created: 'Created on',
    page: (index: number, total: number) => `Page ${index} of ${total}`,
  },
} as const;

/** Cuts a text to `width` with an ellipsis: one line per cell keeps the signature rows even. */
function fit(font: PDFFont, size: number, value: string, width: number): string {
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  let cut = value.length;
  while (cut > 1 && font.widthOfTextAtSize(`${value.slice(0, cut)}...`, size) > width) cut -= 1;
  return `${value.slice(0, cut)}...`;
}

/** A4 portrait: the instruction's facts, then one row per attendee with the signature as drawn. */
export async function buildInstructionRecordPdf(
  language: PdfLanguage,
  document: InstructionRecordDocument,
): Promise<Uint8Array> {
  const texts = TEXTS[language];
  const { pdf, font, bold, rgb } = await createPdf({
    title: `${texts.heading} ${document.title}`,
    author: document.licenseeName,
  });
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 42;
  const size = 9.5;
  const rowHeight = 46;
  const widths = [36, 190, 120, pageWidth - 2 * margin - 36 - 190 - 120];
  const columnX = widths.map((_, index) => margin + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const grey = rgb(0.35, 0.35, 0.35);
  const text = (page: ReturnType<typeof pdf.addPage>, value: string, x: number, y: number, options = {}) =>
    page.drawText(printable(font, value), { x, y, size, font, ...options });

  const pages: ReturnType<typeof pdf.addPage>[] = [];
  let page = pdf.addPage([pageWidth, pageHeight]);
  pages.push(page);
  let y = pageHeight - margin;
  page.drawText(printable(bold, document.licenseeName), { x: margin, y: y - 12, size: 12, font: bold });
  text(page, `${texts.created} ${formatPdfDay(document.createdOn, language)}`, pageWidth - margin - 120, y - 12, {
    color: grey,
  });
  y -= 40;
  page.drawText(printable(bold, texts.heading), { x: margin, y, size: 18, font: bold });
  y -= 16;
  text(page, texts.legal, margin, y, { color: grey });
  y -= 24;
  const facts: Array<[string, string]> = [
    [texts.topic, document.title],
    [texts.heldOn, formatPdfDay(document.heldOn, language)],
    [texts.instructor, document.instructorName],
    [texts.target, `${document.clientName}: ${document.targetName}`],
    ['', texts.repeat(document.repeatIntervalMonths)],
    [texts.documents, document.documents.length > 0 ? document.documents.join(', ') : texts.none],
  ];
  for (const [label, value] of facts) {
    if (label) page.drawText(printable(bold, label), { x: margin, y, size, font: bold });
    text(page, fit(font, size, printable(font, value), pageWidth - 2 * margin - 130), margin + 130, y);
    y -= 15;
  }
  y -= 6;
  text(page, fit(font, 8.5, texts.confirmation, pageWidth - 2 * margin), margin, y, { size: 8.5, color: grey });
  y -= 22;

  const drawHeader = () => {
    texts.headers.forEach((header, index) => {
      page.drawText(printable(bold, header), { x: (columnX[index] ?? margin) + 2, y, size, font: bold });
    });
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.8 });
  };
  drawHeader();
  const images = new Map<number, PDFImage | null>();
  for (const [index, attendee] of document.attendees.entries()) {
    if (y - rowHeight < margin + 20) {
      page = pdf.addPage([pageWidth, pageHeight]);
      pages.push(page);
      y = pageHeight - margin - 12;
      drawHeader();
    }
    const top = y;
    const baseline = top - 16;
    text(page, String(index + 1), (columnX[0] ?? 0) + 2, baseline);
    text(
      page,
      fit(font, size, printable(font, attendee.memberName), (widths[1] ?? 0) - 6),
      (columnX[1] ?? 0) + 2,
      baseline,
    );
    if (attendee.confirmedAt) {
      text(page, formatPdfDay(attendee.confirmedAt, language), (columnX[2] ?? 0) + 2, baseline);
      const where =
        attendee.signedOn === 'elearning'
          ? texts.elearning
          : attendee.signedOn === 'own-device'
            ? texts.own
            : texts.instructorDevice;
      text(page, fit(font, 7.5, where, (widths[2] ?? 0) - 6), (columnX[2] ?? 0) + 2, baseline - 11, {
        size: 7.5,
        color: grey,
      });
    } else {
      text(page, texts.open, (columnX[2] ?? 0) + 2, baseline, { color: grey });
    }
    if (attendee.signaturePng) {
      let image = images.get(index);
      if (image === undefined) {
        // Checked when it was stored (signaturePng.ts); a PNG pdf-lib still cannot read leaves its cell empty.
        image = await pdf.embedPng(attendee.signaturePng).catch(() => null);
        images.set(index, image);
      }
      if (image) {
        const box = { width: (widths[3] ?? 0) - 8, height: rowHeight - 8 };
        const scale = Math.min(box.width / image.width, box.height / image.height);
        page.drawImage(image, {
          x: (columnX[3] ?? 0) + 4,
          y: top - rowHeight + 4,
          width: image.width * scale,
          height: image.height * scale,
        });
      }
    }
    y = top - rowHeight;
    page.drawLine({
      start: { x: margin, y },
      end: { x: pageWidth - margin, y },
      thickness: 0.4,
      color: rgb(0.75, 0.75, 0.75),
    });
  }
  numberPages(pages, texts.page, { font, margin, color: grey });
  return pdf.save();
}
