/**
 * CSV text for a spreadsheet: `;` as separator (German Excel's default), every field quoted when it holds the
 * separator, a quote or a line break, CRLF line ends and a byte order mark so that Excel reads UTF-8.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const field = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? '' : String(value);
    // Spreadsheet formula injection: a leading =, +, - or @ is neutralised with an apostrophe.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
