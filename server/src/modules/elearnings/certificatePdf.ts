// pdf-lib loads with the first certificate, not with the server: it was 0.7 s of every start.
import { formatDurationMinutesSeconds } from '@dash/shared-core';
import type { PDFFont, rgb as Rgb } from 'pdf-lib';

export interface CertificateData {
  licenseeName: string;
  /** The licensee's light primary colour, `#rrggbb`. */
  primaryColour: string;
  clientName: string;
  memberName: string;
  courseTitle: string;
  completedAt: Date;
  durationSeconds: number;
  scorePercent: number | null;
  language: 'de_DE' | 'en_GB';
}

const TEXTS = {
  de_DE: {
    heading: 'Teilnahmebescheinigung',
    confirms: 'Hiermit wird bestätigt, dass',
    completed: 'das E-Learning',
    successfully: 'erfolgreich abgeschlossen hat.',
    date: 'Datum',
    duration: 'Dauer',
    score: 'Ergebnis',
    noScore: 'ohne Bewertung',
    company: 'Unternehmen',
  },
  en_GB: {
    heading: 'Certificate of participation',
    confirms: 'This is to confirm that',
    completed: 'has successfully completed the e-learning',
    successfully: 'as part of the workplace safety training.',
    date: 'Date',
    duration: 'Duration',
    score: 'Score',
    noScore: 'not scored',
    company: 'Company',
  },
} as const;

const TRANSLITERATED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** A part of a file name: letters, digits and hyphens only (umlauts spelt out, accents dropped), at most 60 long. */
function fileNamePart(value: string): string {
  return value
    .replace(/[äöüÄÖÜß]/g, (char) => TRANSLITERATED[char] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The certificate's file name after course, person and completion day, in characters every file system and every
 * Content-Disposition header takes: `Erste-Hilfe-im-Betrieb_Mara-Mitarbeiter_2026-05-04.pdf`.
 */
export function certificateFileName(
  data: Pick<CertificateData, 'courseTitle' | 'memberName' | 'completedAt' | 'language'>,
): string {
  const fallback = data.language === 'de_DE' ? 'Teilnahmebescheinigung' : 'Certificate';
  // The same calendar day as the date printed on the certificate (en-CA writes YYYY-MM-DD).
  const day = Number.isNaN(data.completedAt.getTime())
    ? ''
    : new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(data.completedAt);
  const parts = [fileNamePart(data.courseTitle) || fallback, fileNamePart(data.memberName), day].filter(Boolean);
  return `${parts.join('_')}.pdf`;
}

function colour(rgb: typeof Rgb, hex: string) {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return rgb(0.23, 0.23, 0.23);
  const [, r = '3b', g = '3b', b = '3b'] = match;
  return rgb(Number.parseInt(r, 16) / 255, Number.parseInt(g, 16) / 255, Number.parseInt(b, 16) / 255);
}

/** Helvetica is WinAnsi: characters outside it (rare in names) become '?', never an exception. */
function winAnsi(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...value].map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

/** The participation certificate, A4 landscape, in the licensee's colour. */
export async function buildCertificatePdf(data: CertificateData): Promise<Uint8Array> {
  const texts = TEXTS[data.language];
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${texts.heading} – ${data.courseTitle}`);
  pdf.setAuthor(data.licenseeName);
  pdf.setLanguage(data.language.replace('_', '-'));
  const page = pdf.addPage([841.89, 595.28]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const primary = colour(rgb, data.primaryColour);
  const { width, height } = page.getSize();
  const centred = (value: string, y: number, size: number, font: PDFFont, fontColour = rgb(0.1, 0.1, 0.1)) => {
    const safe = winAnsi(font, value);
    let fitted = size;
    while (fitted > 10 && font.widthOfTextAtSize(safe, fitted) > width - 120) fitted -= 1;
    page.drawText(safe, {
      x: (width - font.widthOfTextAtSize(safe, fitted)) / 2,
      y,
      size: fitted,
      font,
      color: fontColour,
    });
  };
  page.drawRectangle({ x: 0, y: height - 70, width, height: 70, color: primary });
  page.drawText(winAnsi(bold, data.licenseeName), { x: 40, y: height - 45, size: 20, font: bold, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 120, borderColor: primary, borderWidth: 2 });

  centred(texts.heading, height - 150, 34, bold, primary);
  centred(texts.confirms, height - 210, 14, regular);
  centred(data.memberName, height - 250, 26, bold);
  centred(texts.completed, height - 290, 14, regular);
  centred(data.courseTitle, height - 330, 22, bold);
  centred(texts.successfully, height - 365, 14, regular);

  const date = new Intl.DateTimeFormat(data.language.replace('_', '-'), { dateStyle: 'long' }).format(data.completedAt);
  const score = data.scorePercent === null ? texts.noScore : `${Math.round(data.scorePercent)} %`;
  const facts: Array<[string, string]> = [
    [texts.date, date],
    [texts.duration, formatDurationMinutesSeconds(data.durationSeconds, data.language)],
    [texts.score, score],
    [texts.company, data.clientName],
  ];
  const column = (width - 120) / facts.length;
  facts.forEach(([label, value], index) => {
    const x = 60 + index * column;
    page.drawText(winAnsi(regular, label), { x, y: 110, size: 11, font: regular, color: rgb(0.35, 0.35, 0.35) });
    page.drawText(winAnsi(bold, value), { x, y: 90, size: 14, font: bold, color: rgb(0.1, 0.1, 0.1) });
  });
  return pdf.save();
}
