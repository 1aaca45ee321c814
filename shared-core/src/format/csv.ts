/**
 * CSV text for a spreadsheet that opens right in German Excel: `;` as separator, CRLF line ends and a byte order
 * mark so that Excel reads UTF-8. A field is quoted when it holds the separator, a quote or a line break.
 * Against formula injection (OWASP "CSV injection"), a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading apostrophe and is quoted, so Excel and LibreOffice show it as text and never evaluate it.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const field = (value: string | number | null | undefined) => {
    // Numbers are written by us, not typed by a user: a negative number stays a number.
    if (typeof value === 'number') return String(value);
    const text = value === null || value === undefined ? '' : value;
    if (/^[=+\-@\t\r]/.test(text)) return `"'${text.replace(/"/g, '""')}"`;
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
