import { isUtf8 } from 'node:buffer';
import { setImmediate as yieldToServer } from 'node:timers/promises';
import { IMPORT_MAX_CELL_LENGTH, IMPORT_MAX_COLUMNS, type ImportEncoding } from '@dash/shared-core';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { headerScore } from './mapping';

export type Delimiter = ';' | ',' | '\t';

/** One data row: the 1-based line it starts on, and its cells (trimmed of nothing: values are read as written). */
export type CsvRow = [line: number, cells: string[]];

export interface ParsedCsv {
  encoding: ImportEncoding;
  delimiter: Delimiter;
  headerLine: number;
  headers: string[];
  rows: CsvRow[];
}

/** A file that cannot be read as CSV; `line` is where the broken record starts. */
export class CsvProcessingError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvProcessingError';
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * UTF-8 (with or without byte order mark) when every byte sequence is valid UTF-8; otherwise Windows-1252, which
 * German Excel writes and which reads ISO-8859-1 text the same (they differ only in control characters).
 */
export function detectEncoding(bytes: Buffer): ImportEncoding {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8-bom';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** Splits a line at `delimiter` outside double quotes (enough to count columns for the detection). */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count++;
  }
  return count;
}

/**
 * The delimiter that splits the first lines most consistently: for each candidate, the number of lines whose count
 * equals the most frequent non-zero count, then the count itself. `;` wins ties (German Excel), then tab, then `,`.
 */
export function detectDelimiter(sample: string): Delimiter {
  const lines = sample
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  let best: { delimiter: Delimiter; lines: number; count: number } = { delimiter: ';', lines: 0, count: 0 };
  for (const delimiter of [';', '\t', ','] as const) {
    const frequency = new Map<number, number>();
    for (const line of lines) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    }
    let modal = { count: 0, lines: 0 };
    for (const [count, times] of frequency) {
      if (times > modal.lines || (times === modal.lines && count > modal.count)) modal = { count, lines: times };
    }
    if (modal.lines > best.lines || (modal.lines === best.lines && modal.count > best.count)) {
      best = { delimiter, ...modal };
    }
  }
  return best.delimiter;
}

/** Decodes the bytes chunk by chunk and parses them as a stream; every record with the line it starts on. */
async function parseRecords(chunks: readonly Buffer[], encoding: ImportEncoding, delimiter: Delimiter) {
  const decoder = iconv.decodeStream(encoding === 'windows-1252' ? 'win1252' : 'utf8', { stripBOM: true });
  const parser = parse({
    delimiter,
    relax_column_count: true,
    raw: true,
    // A record longer than all its cells at their maximum is not a member row: stop instead of buffering it.
    max_record_size: IMPORT_MAX_COLUMNS * (IMPORT_MAX_CELL_LENGTH + 3),
  });
  const records: CsvRow[] = [];
  // Lines are counted from each record's raw text (csv-parse's own count takes a quoted CRLF for two lines).
  let nextLine = 1;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      parser.destroy();
      // A broken record starts after the last complete one.
      reject(
        error instanceof CsvProcessingError
          ? error
          : new CsvProcessingError(nextLine, error instanceof Error ? error.message : String(error)),
      );
    };
    parser.on('data', ({ record, raw }: { record: string[]; raw: string }) => {
      const start = nextLine;
      nextLine += raw.match(/\r\n|\n|\r/g)?.length ?? 0;
      if (record.every((cell) => cell.trim() === '')) return;
      if (record.length > IMPORT_MAX_COLUMNS) {
        fail(new CsvProcessingError(start, `more than ${IMPORT_MAX_COLUMNS} columns`));
        return;
      }
      records.push([start, record]);
    });
    parser.on('error', fail);
    parser.on('end', resolve);
    decoder.on('error', fail);
    decoder.pipe(parser);
    feed(decoder, chunks).catch(fail);
  });
  return records;
}

/**
 * Bytes per step of the parse: about 170 rows of a typical staff file, little work once the parser's code is
 * compiled, more in the first import after a start (larger steps held other calls noticeably then).
 */
const PARSE_STEP_BYTES = 16 * 1024;

/**
 * Writes the file into the decoder a step at a time and lets the server answer other calls between steps: piped at
 * once, a 100,000-row file parsed in one go and held every other user's call for the whole parse.
 */
async function feed(decoder: NodeJS.WritableStream, chunks: readonly Buffer[]): Promise<void> {
  for (const chunk of chunks) {
    for (let offset = 0; offset < chunk.length; offset += PARSE_STEP_BYTES) {
      decoder.write(chunk.subarray(offset, offset + PARSE_STEP_BYTES));
      await yieldToServer();
    }
  }
  decoder.end();
}

/**
 * The header row: among the first 10 records, the one that names the most known member fields (German or English
 * header names); without any, the first record with the file's most common number of cells. Rows above it (a
 * title such as "Mitarbeiterliste Stand 01.01.2026") are left out.
 */
function findHeaderIndex(records: readonly CsvRow[]): number {
  const head = records.slice(0, 10);
  let best = { index: -1, score: 0 };
  head.forEach(([, cells], index) => {
    const score = headerScore(cells);
    if (score > best.score) best = { index, score };
  });
  if (best.index >= 0) return best.index;
  const widths = new Map<number, number>();
  for (const [, cells] of head) widths.set(cells.length, (widths.get(cells.length) ?? 0) + 1);
  const modal = [...widths.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  return Math.max(
    0,
    head.findIndex(([, cells]) => cells.length === modal),
  );
}

/** Reads an uploaded file: encoding, delimiter, header row and the data rows below it. */
export async function parseCsv(chunks: readonly Buffer[]): Promise<ParsedCsv> {
  const bytes = Buffer.concat(chunks);
  const encoding = detectEncoding(bytes);
  const sample = iconv.decode(bytes.subarray(0, 64 * 1024), encoding === 'windows-1252' ? 'win1252' : 'utf8');
  const delimiter = detectDelimiter(sample);
  const records = await parseRecords(chunks, encoding, delimiter);
  if (records.length === 0) throw new CsvProcessingError(1, 'empty file');
  const headerIndex = findHeaderIndex(records);
  const [headerLine, headerCells] = records[headerIndex] as CsvRow;
  return {
    encoding,
    delimiter,
    headerLine,
    headers: headerCells.map((cell) => cell.trim()),
    rows: records.slice(headerIndex + 1),
  };
}
