import type { ElearningAnalyticsStatus } from '@dash/shared-core/contract';

export type ExportLanguage = 'de_DE' | 'en_GB';

const TEXTS: Record<
  ExportLanguage,
  { sheet: string; headers: string[]; status: Record<ElearningAnalyticsStatus, string>; dateFormat: string }
> = {
  de_DE: {
    sheet: 'Statistik',
    headers: [
      'Nachname',
      'Vorname',
      'Benutzername',
      'Organisationseinheiten',
      'Status',
      'Zuletzt abgeschlossen',
      'Nächste Überfälligkeit',
      'Abschlüsse',
    ],
    status: {
      completed: 'Abgeschlossen',
      due: 'Fällig',
      inprogress: 'In Bearbeitung',
      overdue: 'Überfällig',
      inactive: 'Inaktiv',
    },
    dateFormat: 'DD.MM.YYYY',
  },
  en_GB: {
    sheet: 'Statistics',
    headers: [
      'Last name',
      'First name',
      'Username',
      'Org units',
      'Status',
      'Last completed',
      'Next overdue',
      'Completions',
    ],
    status: { completed: 'Completed', due: 'Due', inprogress: 'In progress', overdue: 'Overdue', inactive: 'Inactive' },
    dateFormat: 'DD/MM/YYYY',
  },
};

export interface ExportRow {
  lastName: string;
  firstName: string;
  username: string;
  orgUnitNames: string[];
  status: ElearningAnalyticsStatus;
  lastCompletedAt: Date | null;
  nextOverdueDate: Date | null;
  completedCount: number;
}

/**
 * The analytics as an .xlsx workbook (exceljs). Names come from users, but every cell is written as a typed string
 * (never a formula), so `=cmd|…` stays text in Excel and LibreOffice (unlike CSV, no quoting is needed). Real date cells with a German (or British) date format, so that
 * Excel and LibreOffice sort and filter them as dates; a frozen, bold header row with an auto filter.
 */
export async function buildStatisticsWorkbook(
  title: string,
  rows: readonly ExportRow[],
  language: ExportLanguage,
): Promise<Buffer> {
  const texts = TEXTS[language];
  // exceljs loads with the first export, not with the server: it was 1.3 s of every start.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Dashboard';
  workbook.created = new Date();
  workbook.title = title;
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = texts.headers.map((header, index) => ({
    header,
    key: `c${index}`,
    width: [22, 18, 24, 32, 16, 20, 22, 12][index],
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      row.lastName,
      row.firstName,
      row.username,
      row.orgUnitNames.join(', '),
      texts.status[row.status],
      row.lastCompletedAt,
      row.nextOverdueDate,
      row.completedCount,
    ]);
  }
  sheet.getColumn(6).numFmt = texts.dateFormat;
  sheet.getColumn(7).numFmt = texts.dateFormat;
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: texts.headers.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}
