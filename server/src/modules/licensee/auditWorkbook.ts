import type { LicenseeAuditAction } from '@dash/shared-core/calls';

export type ExportLanguage = 'de_DE' | 'en_GB';

const TEXTS: Record<
  ExportLanguage,
  { sheet: string; headers: string[]; actions: Record<LicenseeAuditAction, string>; dateFormat: string }
> = {
  de_DE: {
    sheet: 'Protokoll',
    headers: ['Zeitpunkt (UTC)', 'Mitarbeiter', 'Aktion', 'Firmen-ID', 'Vorher', 'Nachher'],
    actions: {
      'client.create': 'Kunde angelegt',
      'client.update': 'Kunde geändert',
      'client.deactivate': 'Kunde deaktiviert',
      'client.reactivate': 'Kunde reaktiviert',
      'support.open': 'Support-Sitzung geöffnet',
      'branding.update': 'Erscheinungsbild geändert',
      'branding.logo': 'Logo geändert',
      'branding.mood': 'Stimmungsbild geändert',
      'branding.image-remove': 'Bild entfernt',
      'domain.add': 'Domain hinzugefügt',
      'domain.remove': 'Domain entfernt',
      'course-sources.update': 'Inhaltsquellen der Kurse geändert',
      'release.choose': 'Version eines Bereichs gewählt',
      'support.end': 'Support-Sitzung beendet',
      'staff.create': 'Teammitglied angelegt',
      'staff.role': 'Rolle geändert',
      'staff.deactivate': 'Teammitglied deaktiviert',
      'staff.reactivate': 'Teammitglied reaktiviert',
    },
    dateFormat: 'DD.MM.YYYY HH:mm:ss',
  },
  en_GB: {
    sheet: 'Audit',
    headers: ['Time (UTC)', 'Staff member', 'Action', 'Company ID', 'Before', 'After'],
    actions: {
      'client.create': 'Client created',
      'client.update': 'Client changed',
      'client.deactivate': 'Client deactivated',
      'client.reactivate': 'Client reactivated',
      'support.open': 'Support session opened',
      'branding.update': 'Branding changed',
      'branding.logo': 'Logo changed',
      'branding.mood': 'Mood image changed',
      'branding.image-remove': 'Image removed',
      'domain.add': 'Domain added',
      'domain.remove': 'Domain removed',
      'course-sources.update': 'Course content sources changed',
      'release.choose': 'Release of an area chosen',
      'support.end': 'Support session ended',
      'staff.create': 'Staff member created',
      'staff.role': 'Role changed',
      'staff.deactivate': 'Staff member deactivated',
      'staff.reactivate': 'Staff member reactivated',
    },
    dateFormat: 'DD/MM/YYYY HH:mm:ss',
  },
};

export interface AuditExportRow {
  createdAt: Date;
  staffName: string;
  action: LicenseeAuditAction;
  clientIdentifier: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The licensee's audit as an .xlsx workbook (exceljs, as the other exports). Every cell is a typed value, never a
 * formula, so a name such as `=cmd|…` stays text; the time is a real date cell; before/after are JSON text.
 */
export async function buildAuditWorkbook(rows: readonly AuditExportRow[], language: ExportLanguage): Promise<Buffer> {
  const texts = TEXTS[language];
  // exceljs loads with the first export, not with the server.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Dashboard';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = texts.headers.map((header, index) => ({
    header,
    key: `c${index}`,
    width: [22, 26, 26, 18, 50, 50][index],
  }));
  sheet.getRow(1).font = { bold: true };
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  for (const row of rows) {
    sheet.addRow([
      row.createdAt,
      row.staffName,
      texts.actions[row.action],
      row.clientIdentifier ?? '',
      json(row.before),
      json(row.after),
    ]);
  }
  sheet.getColumn(1).numFmt = texts.dateFormat;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: texts.headers.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}
