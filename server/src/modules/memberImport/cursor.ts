import type { ImportEncoding } from '@dash/shared-core';
import type { Queryable } from '../../core/db/database';
import { iso } from '../../core/db/rows';
import { ApiHttpError } from '../../http/errors';
import type { CsvRow, Delimiter, ParsedCsv } from './parseCsv';

/** An uploaded file stays usable for one hour (then MemberImport.CursorNotFound: upload it again). */
export const CURSOR_MINUTES = 60;

export interface ImportCursor extends ParsedCsv {
  uuid: string;
  filename: string;
  expiresAt: string;
}

/** Keeps the parsed file for the uploading member; expired cursors of every client go at the same time. */
export async function saveCursor(
  db: Queryable,
  owner: { clientUuid: string; memberUuid: string },
  filename: string,
  parsed: ParsedCsv,
): Promise<ImportCursor> {
  await db.query('DELETE FROM member_import_cursor WHERE expires_at < now()');
  const [row] = await db.query<{ uuid: string; expires_at: unknown }>(
    `INSERT INTO member_import_cursor (client_uuid, member_uuid, filename, encoding, delimiter, header_line, headers,
                                       row_count, rows, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, now() + make_interval(mins => $10))
     RETURNING uuid, expires_at`,
    [
      owner.clientUuid,
      owner.memberUuid,
      filename,
      parsed.encoding,
      parsed.delimiter,
      parsed.headerLine,
      JSON.stringify(parsed.headers),
      parsed.rows.length,
      JSON.stringify(parsed.rows),
      CURSOR_MINUTES,
    ],
  );
  if (!row) throw new Error('cursor not stored');
  return { ...parsed, uuid: row.uuid, filename, expiresAt: iso(row.expires_at) ?? '' };
}

/** The uploading member's cursor; another member's, another client's or an expired one answers 404. */
export async function loadCursor(
  db: Queryable,
  owner: { clientUuid: string; memberUuid: string },
  uuid: string,
): Promise<ImportCursor> {
  const [row] = await db.query<{
    uuid: string;
    filename: string;
    encoding: ImportEncoding;
    delimiter: Delimiter;
    header_line: number;
    headers: string[];
    rows: string;
    expires_at: unknown;
  }>(
    `SELECT uuid, filename, encoding, delimiter, header_line, headers, rows, expires_at FROM member_import_cursor
      WHERE uuid = $1 AND client_uuid = $2 AND member_uuid = $3 AND expires_at > now()`,
    [uuid, owner.clientUuid, owner.memberUuid],
  );
  if (!row) throw new ApiHttpError(404, 'MemberImport.CursorNotFound');
  return {
    uuid: row.uuid,
    filename: row.filename,
    encoding: row.encoding,
    delimiter: row.delimiter,
    headerLine: row.header_line,
    headers: row.headers,
    rows: JSON.parse(row.rows) as CsvRow[],
    expiresAt: iso(row.expires_at) ?? '',
  };
}
