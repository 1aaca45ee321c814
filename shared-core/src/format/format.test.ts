import { describe, expect, it } from 'vitest';
import {
  BATCH_STATUSES,
  batchProgress,
  booleanKey,
  DUE_STATUS_BUBBLES,
  DUE_STATUS_COLOURS,
  formatFileSize,
  formatNumber,
  riskFactor,
} from './format';

describe('formatters (spec section 9 "Display")', () => {
  it('file sizes in Bytes, KB, MB, GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1,023 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2,048 GB');
    expect(formatFileSize(1536, 'de_DE')).toBe('1,5 KB');
  });

  it('booleans noYes and inactiveActive', () => {
    expect(booleanKey(true)).toBe('boolean.noYes.true');
    expect(booleanKey(false, 'inactiveActive')).toBe('boolean.inactiveActive.false');
  });

  it('numbers with up to two fraction digits in the language', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(2, 'en_GB')).toBe('2');
    expect(formatNumber(1 / 3, 'en_GB')).toBe('0.33');
  });

  it('risk factor label and colour', () => {
    expect([1, 2].map(riskFactor)).toEqual(Array(2).fill({ level: 'veryLow', tone: 'success' }));
    expect([3, 4].map(riskFactor)).toEqual(Array(2).fill({ level: 'low', tone: 'warning' }));
    expect([5, 6].map(riskFactor)).toEqual(Array(2).fill({ level: 'medium', tone: 'warning' }));
    expect([7, 8].map(riskFactor)).toEqual(Array(2).fill({ level: 'high', tone: 'error' }));
    expect([9, 10].map(riskFactor)).toEqual(Array(2).fill({ level: 'veryHigh', tone: 'error' }));
    expect(riskFactor(0)).toBeNull();
    expect(riskFactor(11)).toBeNull();
  });

  it('due-status bubbles each have a colour pair', () => {
    expect(DUE_STATUS_BUBBLES).toEqual(['overdue', 'next7Days', 'nextMonth', 'done', 'all']);
    const pairs = DUE_STATUS_BUBBLES.map((status) => JSON.stringify(DUE_STATUS_COLOURS[status]));
    expect(new Set(pairs).size).toBe(5);
  });

  it('the near due statuses differ by hue, not by a shade of one colour', () => {
    const rgb = (hex: string) => [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
    const distance = (a: string, b: string) =>
      Math.hypot(...rgb(a).map((value, index) => value - (rgb(b)[index] ?? 0)));
    const near = ['overdue', 'next7Days', 'nextMonth'] as const;
    const backgrounds = near.map((status) => DUE_STATUS_COLOURS[status].background);
    for (const [index, colour] of backgrounds.entries()) {
      for (const other of backgrounds.slice(index + 1)) expect(distance(colour, other)).toBeGreaterThan(40);
    }
  });

  it('batch progress texts', () => {
    expect(batchProgress('created').key).toBe('batch.initializing');
    expect(batchProgress('initialized').key).toBe('batch.initializing');
    expect(batchProgress('inProgress', 3, 12)).toEqual({
      key: 'batch.progress',
      params: { done: 3, total: 12 },
      tone: 'info',
      percent: 25,
    });
    expect(batchProgress('finished', 12, 12).tone).toBe('success');
    expect(batchProgress('failedEnding', 5, 12).key).toBe('batch.failedEnding');
    expect(BATCH_STATUSES.every((status) => batchProgress(status).key.startsWith('batch.'))).toBe(true);
  });
});

describe('toCsv', () => {
  it('quotes where needed, neutralises formulas and starts with a byte order mark', async () => {
    const { toCsv } = await import('./csv');
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x;y', 'say "hi"'],
          [null, '=SUM(A1)'],
          [1, undefined],
        ],
      ),
    ).toBe('\uFEFFa;b\r\n"x;y";"say ""hi"""\r\n;"\'=SUM(A1)"\r\n1;\r\n');
  });

  it('quotes and neutralises every cell a spreadsheet would read as a formula (OWASP CSV injection)', async () => {
    const { toCsv } = await import('./csv');
    const cells = ['=1+1', '+49 30 1234', '-2+3', '@SUM(A1)', '\tcmd', '\r=evil', '=HYPERLINK("http://x";"y")'];
    const lines = toCsv(
      ['h'],
      cells.map((cell) => [cell]),
    )
      .split('\r\n')
      .slice(1, -1);
    expect(lines).toEqual([
      `"'=1+1"`,
      `"'+49 30 1234"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tcmd"`,
      `"'\r=evil"`,
      `"'=HYPERLINK(""http://x"";""y"")"`,
    ]);
    // Harmless text, and numbers the program writes, stay as they are.
    expect(toCsv(['h'], [['Müller'], [-5], ['a-b']])).toBe('\uFEFFh\r\nMüller\r\n-5\r\na-b\r\n');
  });
});
