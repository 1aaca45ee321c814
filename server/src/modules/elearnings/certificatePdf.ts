// pdf-lib (and the QR encoder) load with the first certificate, not with the server: it was 0.7 s of every start.
import { formatDurationMinutesSeconds, formatVerificationCode } from '@dash/shared-core';
import type { PDFFont, PDFImage, PDFPage, rgb as Rgb } from 'pdf-lib';
import type { CertificateLogo } from './certificateLogo';

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
  /** The licensee's logo as PNG or JPEG (certificateLogo.ts); null: the licensee's name stands in its place. */
  logo: CertificateLogo | null;
  /** The result's verification code as stored (12 characters, no separators). */
  verificationCode: string;
  /** The public page that checks the code, e.g. https://dashboard.example/verify/7K3M-Q9XD-2HPA. */
  verificationUrl: string;
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
    code: 'Prüfcode',
    check: 'Echtheit prüfen:',
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
    code: 'Verification code',
    check: 'Check this certificate:',
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

/** The QR code of the verification page, drawn as squares (no image), `size` points wide, lower left corner at x, y. */
async function drawQrCode(page: PDFPage, rgb: typeof Rgb, url: string, x: number, y: number, size: number) {
  const { default: encodeQR } = await import('qr');
  // With its quiet zone (white, so not drawn): the squares sit inside `size` with a margin of their own.
  const modules = encodeQR(url, 'raw', { ecc: 'medium' });
  const cell = size / modules.length;
  modules.forEach((row, rowIndex) => {
    row.forEach((dark, columnIndex) => {
      if (!dark) return;
      page.drawRectangle({
        x: x + columnIndex * cell,
        y: y + size - (rowIndex + 1) * cell,
        // A hair wider than the cell: neighbouring squares leave no white seams in viewers that anti-alias.
        width: cell + 0.05,
        height: cell + 0.05,
        color: rgb(0, 0, 0),
      });
    });
  });
}

/** The logo fitted into a box (at most `maxWidth` x `maxHeight` points), kept in proportion. */
function fitted(image: PDFImage, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/**
 * The participation certificate, A4 landscape: the licensee's logo (or name) on white under a band in its colour,
 * the facts, and at the foot the verification code with the address of its public check and a QR code of it.
 */
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
  const grey = rgb(0.35, 0.35, 0.35);
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
  page.drawRectangle({ x: 0, y: height - 12, width, height: 12, color: primary });
  page.drawRectangle({ x: 30, y: 30, width: width - 60, height: height - 72, borderColor: primary, borderWidth: 2 });
  // The logo on white (a logo drawn in the licensee's colour would vanish on a band of that colour).
  const logo = data.logo
    ? data.logo.type === 'png'
      ? await pdf.embedPng(data.logo.bytes)
      : await pdf.embedJpg(data.logo.bytes)
    : null;
  if (logo) {
    const size = fitted(logo, 240, 46);
    page.drawImage(logo, { x: 50, y: height - 50 - size.height, ...size });
  } else {
    page.drawText(winAnsi(bold, data.licenseeName), { x: 50, y: height - 80, size: 20, font: bold, color: primary });
  }

  centred(texts.heading, height - 150, 34, bold, primary);
  centred(texts.confirms, height - 205, 14, regular);
  centred(data.memberName, height - 243, 26, bold);
  centred(texts.completed, height - 280, 14, regular);
  centred(data.courseTitle, height - 318, 22, bold);
  centred(texts.successfully, height - 352, 14, regular);

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
    page.drawText(winAnsi(regular, label), { x, y: 178, size: 11, font: regular, color: grey });
    page.drawText(winAnsi(bold, value), { x, y: 158, size: 14, font: bold, color: rgb(0.1, 0.1, 0.1) });
  });

  // The foot: code and address on the left, the QR code of the same address on the right.
  page.drawLine({ start: { x: 60, y: 138 }, end: { x: width - 60, y: 138 }, thickness: 0.5, color: grey });
  const qrSize = 80;
  await drawQrCode(page, rgb, data.verificationUrl, width - 60 - qrSize, 44, qrSize);
  page.drawText(winAnsi(regular, texts.code), { x: 60, y: 110, size: 11, font: regular, color: grey });
  page.drawText(formatVerificationCode(data.verificationCode), {
    x: 60,
    y: 88,
    size: 18,
    font: bold,
    color: rgb(0.1, 0.1, 0.1),
  });
  page.drawText(winAnsi(regular, texts.check), { x: 60, y: 66, size: 11, font: regular, color: grey });
  page.drawText(winAnsi(regular, data.verificationUrl), { x: 60, y: 50, size: 11, font: regular, color: primary });
  return pdf.save();
}
