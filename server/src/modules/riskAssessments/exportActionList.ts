import type { LocalizedText, RiskAction, StopType } from '@dash/shared-core/contract';
// exceljs and pdf-lib load with the first export, not with the server: 2 s of every start.
import type { PDFFont } from 'pdf-lib';
import { createPdf, formatPdfDay, numberPages, printable } from '../../core/pdf/pdfDocument';

export type ExportLanguage = 'de_DE' | 'en_GB';
export type ExportAction = RiskAction;

export interface ActionListDocument {
  licenseeName: string;
  clientName: string;
  title: string;
  targetName: string;
  /** YYYY-MM-DD */
  date: string;
  actions: readonly ExportAction[];
  /** The sign-off of the evaluation, printed under the table (docs/risk-assessment-follow-up.md). */
  approval?: { approvedAt: string; approvedByName: string; comment: string | null } | null;
  /** The evaluation's round (1 for the first): printed from the second. */
  round?: number;
  /** Inspections: what the assessors noted and photographed on the risks of the actions (printed after the table). */
  evidence?: readonly ExportEvidence[];
}

export interface ExportEvidence {
  load: LocalizedText;
  riskFactor: number;
  items: readonly { assessedByName: string; note: string | null; photos: readonly Uint8Array[] }[];
}

/** Photos printed at most: the list stays a document to mail, not an album (the evaluation shows them all). */
export const MAX_PRINTED_PHOTOS = 24;

const TEXTS: Record<
  ExportLanguage,
  {
    heading: string;
    headers: [string, string, string, string, string, string, string, string];
    stop: Record<StopType, string>;
    open: string;
    item: (index: number, total: number) => string;
    page: (index: number, total: number) => string;
    empty: string;
    created: string;
    sheet: string;
    effectiveness: Record<NonNullable<ExportAction['effectiveness']>, string>;
    checkDue: (day: string) => string;
    approved: (name: string, day: string) => string;
    notApproved: string;
    comment: string;
    round: (round: number) => string;
    evidence: string;
    photos: (count: number) => string;
  }
> = {
  de_DE: {
    heading: 'Maßnahmenliste',
    headers: ['Nr.', 'Gefährdung', 'Risiko', 'STOP', 'Maßnahme', 'Verantwortlich', 'Fällig am', 'Erledigt'],
    stop: {
      substitution: 'Substitution',
      technical: 'Technisch',
      organisational: 'Organisatorisch',
      personal: 'Personenbezogen',
    },
    open: 'offen',
    item: (index, total) => `${index} von ${total}`,
    page: (index, total) => `Seite ${index} von ${total}`,
    empty: 'Keine Maßnahmen.',
    created: 'Erstellt am',
    sheet: 'Maßnahmen',
    effectiveness: {
      effective: 'Wirksam',
      partly: 'Teilweise wirksam',
      notEffective: 'Nicht wirksam',
    },
    checkDue: (day) => `Wirksamkeitsprüfung fällig am ${day}`,
    approved: (name, day) => `Freigegeben von ${name} am ${day}`,
    notApproved: 'Noch nicht freigegeben',
    comment: 'Kommentar',
    round: (round) => `Runde ${round}`,
    evidence: 'Nachweise aus der Begehung',
    photos: (count) => (count === 1 ? '1 Foto' : `${count} Fotos`),
  },
  en_GB: {
    heading: 'Risk action list',
    headers: ['No.', 'Hazard', 'Risk', 'STOP', 'Action', 'Responsible', 'Due date', 'Done'],
    stop: {
      substitution: 'Substitution',
      technical: 'Technical',
      organisational: 'Organisational',
      personal: 'Personal',
    },
    open: 'open',
    item: (index, total) => `${index} of ${total}`,
    page: (index, total) => `Page ${index} of ${total}`,
    empty: 'No actions.',
    created: 'Created on',
    sheet: 'Actions',
    effectiveness: {
      effective: 'Effective',
      partly: 'Partly effective',
      notEffective: 'Not effective',
    },
    checkDue: (day) => `Effectiveness check due on ${day}`,
    approved: (name, day) => `Signed off by ${name} on ${day}`,
    notApproved: 'Not signed off yet',
    comment: 'Comment',
    round: (round) => `Round ${round}`,
    evidence: 'Evidence from the inspection',
    photos: (count) => (count === 1 ? '1 photo' : `${count} photos`),
  },
};

/** The cells of one action, in the order of the headers. */
function cells(action: ExportAction, index: number, total: number, language: ExportLanguage): string[] {
  const texts = TEXTS[language];
  return [
    texts.item(index + 1, total),
    action.load[language],
    String(action.riskFactor),
    texts.stop[action.stop],
    action.note ? `${action.description[language]}\n${action.note}` : action.description[language],
    action.responsibleName,
    formatPdfDay(action.dueDate, language),
    action.doneAt ? [doneText(action, language), checkText(action, language)].join('\n') : texts.open,
  ];
}

function doneText(action: ExportAction, language: ExportLanguage): string {
  return `${formatPdfDay(action.doneAt ?? '', language)} ${action.doneByName ?? ''}`.trim();
}

/** The effectiveness check of a done action: its result (and why), or when it falls due. */
function checkText(action: ExportAction, language: ExportLanguage): string {
  const texts = TEXTS[language];
  if (action.effectiveness) {
    const result = texts.effectiveness[action.effectiveness];
    return action.effectivenessNote ? `${result}: ${action.effectivenessNote}` : result;
  }
  return action.checkDueDate ? texts.checkDue(formatPdfDay(action.checkDueDate, language)) : '';
}

/** The sign-off line(s) under the table. */
function approvalLines(document: ActionListDocument, language: ExportLanguage): string[] {
  const texts = TEXTS[language];
  const approval = document.approval;
  if (!approval) return [texts.notApproved];
  const lines = [texts.approved(approval.approvedByName, formatPdfDay(approval.approvedAt, language))];
  if (approval.comment) lines.push(`${texts.comment}: ${approval.comment}`);
  return lines;
}

function headingOf(document: ActionListDocument, language: ExportLanguage): string {
  const texts = TEXTS[language];
  const round = (document.round ?? 1) > 1 ? `, ${texts.round(document.round ?? 1)}` : '';
  return `${texts.heading}: ${document.title} (${document.targetName}${round})`;
}

/**
 * OWASP CSV injection: a text starting with =, +, -, @, tab or CR could be taken for a formula once the sheet is
 * saved as CSV or pasted elsewhere; such texts get a leading apostrophe. Every cell is also a plain string cell.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

async function buildWorkbook(language: ExportLanguage, document: ActionListDocument): Promise<Buffer> {
  const texts = TEXTS[language];
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = document.licenseeName;
  workbook.created = new Date();
  workbook.title = `${texts.heading} ${document.title}`;
  const sheet = workbook.addWorksheet(texts.sheet, {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const header = [
    [document.licenseeName],
    [headingOf(document, language)],
    [document.clientName],
    [`${texts.created} ${formatPdfDay(document.date, language)}`],
    [],
  ];
  for (const line of header) sheet.addRow(line.map(neutraliseFormula));
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.getRow(2).font = { bold: true };
  const headRow = sheet.addRow(texts.headers);
  headRow.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: headRow.number }];
  document.actions.forEach((action, index) => {
    const row = sheet.addRow(cells(action, index, document.actions.length, language).map(neutraliseFormula));
    row.alignment = { vertical: 'top', wrapText: true };
  });
  sheet.addRow([]);
  for (const line of approvalLines(document, language)) sheet.addRow([neutraliseFormula(line)]);
  if (document.evidence?.length) {
    sheet.addRow([]);
    sheet.addRow([texts.evidence]).font = { bold: true };
    for (const risk of document.evidence) {
      for (const item of risk.items) {
        const row = sheet.addRow(
          [
            '',
            risk.load[language],
            String(risk.riskFactor),
            '',
            item.note ?? '',
            item.assessedByName,
            '',
            texts.photos(item.photos.length),
          ].map(neutraliseFormula),
        );
        row.alignment = { vertical: 'top', wrapText: true };
      }
    }
  }
  [10, 36, 8, 16, 50, 24, 12, 24].forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Fewest letters left on either side of a word broken across lines ("Personenbezoge-n" is no break). */
const MIN_WORD_PART = 3;

/**
 * The lines of a cell: whole words; a word wider than the column is broken with a hyphen, never leaving fewer
 * than MIN_WORD_PART letters on a line. Exported for its test.
 */
export function wrap(font: PDFFont, size: number, value: string, width: number): string[] {
  const fits = (text: string) => font.widthOfTextAtSize(text, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest) && rest.length > 2 * MIN_WORD_PART) {
      // The longest head that fits with its hyphen, leaving at least MIN_WORD_PART letters for the next line.
      let cut = rest.length - MIN_WORD_PART;
      while (cut > MIN_WORD_PART && !fits(`${rest.slice(0, cut)}-`)) cut -= 1;
      if (!fits(`${rest.slice(0, cut)}-`)) break;
      lines.push(`${rest.slice(0, cut)}-`);
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** A4 landscape with a repeated table header and "Page x of y" in every footer. */
async function buildPdf(language: ExportLanguage, document: ActionListDocument): Promise<Uint8Array> {
  const texts = TEXTS[language];
  const { pdf, font, bold, rgb } = await createPdf({
    title: `${texts.heading} ${document.title}`,
    author: document.licenseeName,
  });
  const [pageWidth, pageHeight] = [841.89, 595.28];
  const margin = 36;
  const size = 8.5;
  const lineHeight = 11;
  // The STOP column is as wide as its longest label (a one-word label is never broken); the measure column,
  // the widest, gives up what it needs.
  const stopWidth = Math.ceil(
    Math.max(70, ...Object.values(texts.stop).map((label) => font.widthOfTextAtSize(label, size) + 8)),
  );
  const widths = [44, 150, 32, stopWidth, 220 - (stopWidth - 70), 100, 56, 98];
  const columnX = widths.map((_, index) => margin + widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const grey = rgb(0.35, 0.35, 0.35);

  const pages: ReturnType<typeof pdf.addPage>[] = [];
  let page = pdf.addPage([pageWidth, pageHeight]);
  let y = 0;
  const startPage = (first: boolean) => {
    if (!first) page = pdf.addPage([pageWidth, pageHeight]);
    pages.push(page);
    y = pageHeight - margin;
    page.drawText(printable(bold, document.licenseeName), { x: margin, y: y - 12, size: 12, font: bold });
    page.drawText(printable(font, `${texts.created} ${formatPdfDay(document.date, language)}`), {
      x: pageWidth - margin - 120,
      y: y - 12,
      size: 9,
      font,
      color: grey,
    });
    y -= 30;
    page.drawText(printable(bold, headingOf(document, language)), {
      x: margin,
      y,
      size: 11,
      font: bold,
    });
    y -= 14;
    page.drawText(printable(font, document.clientName), { x: margin, y, size: 9, font, color: grey });
    y -= 20;
    texts.headers.forEach((header, index) => {
      page.drawText(printable(bold, header), { x: (columnX[index] ?? margin) + 2, y, size, font: bold });
    });
    y -= 4;
    page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.8 });
    y -= lineHeight;
  };
  startPage(true);
  if (document.actions.length === 0) page.drawText(printable(font, texts.empty), { x: margin, y, size, font });
  document.actions.forEach((action, index) => {
    const columns = cells(action, index, document.actions.length, language).map((value, column) =>
      wrap(font, size, printable(font, value), (widths[column] ?? 40) - 6),
    );
    const height = Math.max(...columns.map((lines) => lines.length)) * lineHeight + 4;
    if (y - height < margin + 20) startPage(false);
    columns.forEach((lines, column) => {
      lines.forEach((line, lineIndex) => {
        page.drawText(line, { x: (columnX[column] ?? margin) + 2, y: y - lineIndex * lineHeight, size, font });
      });
    });
    y -= height;
    page.drawLine({
      start: { x: margin, y: y + lineHeight - 2 },
      end: { x: pageWidth - margin, y: y + lineHeight - 2 },
      thickness: 0.3,
      color: grey,
    });
  });
  // The sign-off under the table: who approved the assessment and when (§ 6 ArbSchG documentation).
  const signOff = approvalLines(document, language).flatMap((line) => wrap(font, 9, printable(font, line), 600));
  if (y - (signOff.length + 1) * 12 < margin + 20) startPage(false);
  y -= 10;
  signOff.forEach((line, index) => {
    page.drawText(line, { x: margin, y: y - index * 12, size: 9, font: index === 0 ? bold : font });
  });
  // The evidence: per risk its load, then each assessor's note and photos in a row (at most MAX_PRINTED_PHOTOS).
  if (document.evidence?.length) {
    let printedPhotos = 0;
    const photoBox = { width: 150, height: 112 };
    const needSpace = (height: number) => {
      if (y - height < margin + 20) {
        startPage(false);
        y += lineHeight;
      }
    };
    needSpace(40);
    y -= 24;
    page.drawText(printable(bold, texts.evidence), { x: margin, y, size: 11, font: bold });
    y -= 16;
    for (const risk of document.evidence) {
      needSpace(lineHeight * 2);
      page.drawText(printable(bold, `${risk.load[language]} (${risk.riskFactor})`), {
        x: margin,
        y,
        size: 9,
        font: bold,
      });
      y -= lineHeight + 2;
      for (const item of risk.items) {
        const lines = wrap(font, size, printable(font, `${item.assessedByName}: ${item.note ?? ''}`), 760);
        needSpace(lines.length * lineHeight);
        lines.forEach((line, index) => {
          page.drawText(line, { x: margin + 10, y: y - index * lineHeight, size, font });
        });
        y -= lines.length * lineHeight + 2;
        const photos = item.photos.slice(0, Math.max(0, MAX_PRINTED_PHOTOS - printedPhotos));
        if (photos.length === 0) continue;
        needSpace(photoBox.height + 6);
        let x = margin + 10;
        for (const photo of photos) {
          // A photo pdf-lib cannot read is left out rather than failing the whole list.
          const image = await pdf.embedJpg(new Uint8Array(photo)).catch(() => null);
          if (!image) continue;
          const scaled = image.scaleToFit(photoBox.width, photoBox.height);
          page.drawImage(image, { x, y: y - scaled.height, width: scaled.width, height: scaled.height });
          x += photoBox.width + 8;
          printedPhotos += 1;
        }
        y -= photoBox.height + 8;
      }
    }
  }
  numberPages(pages, texts.page, { font, margin, color: grey });
  // Uncompressed text operators keep the file searchable by simple tools; object streams stay off for the same.
  return pdf.save({ useObjectStreams: false });
}

export async function buildActionListFile(
  format: 'xlsx' | 'pdf',
  language: ExportLanguage,
  document: ActionListDocument,
): Promise<Uint8Array> {
  return format === 'pdf' ? buildPdf(language, document) : buildWorkbook(language, document);
}
