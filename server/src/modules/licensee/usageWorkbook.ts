import type { LicenseeUsageItem } from '@dash/shared-core/contract';
import type { ExportLanguage } from './auditWorkbook';

const TEXTS: Record<ExportLanguage, { sheet: string; headers: string[]; dateFormat: string; yes: string; no: string }> =
  {
    de_DE: {
      sheet: 'Nutzung',
      headers: [
        'Kunde',
        'Firmen-ID',
        'Aktiv',
        'Mitglieder',
        'Aktive Mitglieder',
        'Mitgliederlimit',
        'Angemeldet (30 Tage)',
        'E-Learning-Aufgaben',
        'Davon abgeschlossen',
        'Abschlussquote (%)',
        'Überfällige Aufgaben',
        'Offene Maßnahmen',
        'Letzte Aktivität (UTC)',
        'Stand (UTC)',
      ],
      dateFormat: 'DD.MM.YYYY HH:mm',
      yes: 'ja',
      no: 'nein',
    },
    en_GB: {
      sheet: 'Usage',
      headers: [
        'Client',
        'Company ID',
        'Active',
        'Members',
        'Active members',
        'Member limit',
        'Signed in (30 days)',
        'E-learning tasks',
        'Completed',
        'Completion rate (%)',
        'Overdue tasks',
        'Open risk actions',
        'Last activity (UTC)',
        'As of (UTC)',
      ],
      dateFormat: 'DD/MM/YYYY HH:mm',
      yes: 'yes',
      no: 'no',
    },
  };

const WIDTHS = [32, 18, 8, 12, 16, 16, 20, 18, 18, 18, 18, 16, 22, 22];

/**
 * Usage across clients as an .xlsx workbook (exceljs, as the audit export): one row per client in the list's order.
 * Figures are number cells, times date cells, names typed text (never a formula, so a name such as `=cmd|…` stays
 * text); an empty cell where a figure does not exist (no member limit, no e-learning tasks, no activity yet).
 */
export async function buildUsageWorkbook(
  rows: readonly LicenseeUsageItem[],
  language: ExportLanguage,
): Promise<Buffer> {
  const texts = TEXTS[language];
  // exceljs loads with the first export, not with the server.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Dashboard';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = texts.headers.map((header, index) => ({ header, key: `c${index}`, width: WIDTHS[index] }));
  sheet.getRow(1).font = { bold: true };
  const date = (value: string | null) => (value ? new Date(value) : null);
  for (const row of rows) {
    sheet.addRow([
      row.name,
      row.clientIdentifier,
      row.active ? texts.yes : texts.no,
      row.members,
      row.activeMembers,
      row.maxMembers,
      row.signedIn30Days,
      row.elearningTasks,
      row.elearningCompleted,
      row.completionRate,
      row.overdueTasks,
      row.openRiskActions,
      date(row.lastActivityAt),
      date(row.refreshedAt),
    ]);
  }
  sheet.getColumn(13).numFmt = texts.dateFormat;
  sheet.getColumn(14).numFmt = texts.dateFormat;
  sheet.getColumn(10).numFmt = '0.0';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: texts.headers.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}
