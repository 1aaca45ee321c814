import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildActionListFile, wrap } from './exportActionList';

const ACTION = {
  uuid: '00000000-0000-4000-8000-000000000001',
  riskUuid: '00000000-0000-4000-8000-000000000002',
  load: { de_DE: 'Lärm', en_GB: 'Noise' },
  riskFactor: 6,
  level: 'medium',
  origin: 'proposed',
  stop: 'personal',
  description: { de_DE: 'Gehörschutz tragen', en_GB: 'Wear hearing protection' },
  responsibleMemberUuid: '00000000-0000-4000-8000-000000000003',
  responsibleName: 'Mara Mitarbeiter',
  dueDate: '2026-12-01',
  note: null,
  doneAt: null,
  doneByName: null,
  checkDueDate: null,
  effectiveness: null,
  effectivenessNote: null,
  checkedAt: null,
  checkedByName: null,
} as const;

/** The text the PDF draws: each page's content stream, inflated; pdf-lib writes a standard font's line as hex. */
function drawnLines(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const source = bytes.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) {
      lines.push(Buffer.from(text[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return lines;
}

describe('action list PDF', () => {
  it('prints the STOP type "Personenbezogen" on one line', async () => {
    const pdf = await buildActionListFile('pdf', 'de_DE', {
      licenseeName: 'SafeGuard',
      clientName: 'ACME',
      title: 'Lärm 2026',
      targetName: 'Werk Hamburg',
      date: '2026-11-27',
      actions: [ACTION],
    });
    const lines = drawnLines(pdf);
    expect(lines).toContain('Personenbezogen');
    expect(lines).not.toContain('n');
  });

  it('breaks a word too long for its column with a hyphen, never leaving a letter or two alone', async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrap(font, 8.5, 'Gefährdungsbeurteilungsdokumentation', 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line.endsWith('-')).toBe(true);
    expect(lines.join('').replaceAll('-', '')).toBe('Gefährdungsbeurteilungsdokumentation');
    for (const line of lines) {
      expect(line.replace('-', '').length).toBeGreaterThanOrEqual(3);
      expect(font.widthOfTextAtSize(line, 8.5)).toBeLessThanOrEqual(60);
    }
  });
});
