import { LICENSEE_AUDIT_EXPORT_MAX_ROWS, type LicenseeAuditAction } from '@dash/shared-core/calls';
import { ENDPOINTS, type LicenseeAuditEntry } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../core/db/database';
import { iso, likePattern, orderBy } from '../../../core/db/rows';
import { readTablePage } from '../../../core/db/tablePage';
import { registerEndpoint } from '../../../http/route';
import { buildAuditWorkbook } from '../auditWorkbook';

type AuditFilter = z.output<typeof ENDPOINTS.licenseeAuditList.request>['filter'];

const SORT_COLUMNS = { createdAt: 'a.id', staffName: 'lower(a.staff_name)', action: 'a.action' };

interface AuditRow {
  id: string;
  created_at: unknown;
  staff_name: string;
  action: LicenseeAuditAction;
  client_uuid: string | null;
  client_identifier: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const SELECT = `SELECT a.id::text AS id, a.created_at, a.staff_name, a.action, a.client_uuid, a.client_identifier,
                       a.before, a.after`;
/** The licensee's entries, filtered: days are UTC days, both ends included. */
const FROM_WHERE = `FROM licensee_audit_log a
  WHERE a.licensee_uuid = $1
    AND ($2::text IS NULL OR a.staff_name ILIKE $2 OR a.client_identifier ILIKE $2)
    AND ($3::text IS NULL OR a.action = $3)
    AND ($4::date IS NULL OR a.created_at >= ($4::date)::timestamp AT TIME ZONE 'UTC')
    AND ($5::date IS NULL OR a.created_at < ($5::date + 1)::timestamp AT TIME ZONE 'UTC')`;

function filterParams(licenseeUuid: string, filter: AuditFilter): unknown[] {
  return [
    licenseeUuid,
    filter.search ? likePattern(filter.search) : null,
    filter.action ?? null,
    filter.from ?? null,
    filter.to ?? null,
  ];
}

/** A jsonb column as the driver returned it: parsed already (PGlite, pg) or as text. */
function values(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
  return value as Record<string, unknown>;
}

/** The console's audit: the filtered, paged list and its .xlsx export. */
export function registerLicenseeAuditRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeAuditList, async ({ body, session }) => {
    const { rows, total } = await readTablePage<AuditRow>(db, {
      select: `${SELECT} ${FROM_WHERE}`,
      count: `SELECT count(*)::int AS total ${FROM_WHERE}`,
      params: filterParams(session.licenseeUuid, body.filter),
      order: orderBy(SORT_COLUMNS, body.sortBy, body.sortDirection, 'a.id'),
      page: body.page,
      perPage: body.perPage,
    });
    const items: LicenseeAuditEntry[] = rows.map((row) => ({
      id: row.id,
      createdAt: iso(row.created_at) ?? '',
      staffName: row.staff_name,
      action: row.action,
      clientUuid: row.client_uuid,
      clientIdentifier: row.client_identifier,
      before: values(row.before),
      after: values(row.after),
    }));
    return { items, total };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeAuditExport, async ({ body, session, reply }) => {
    const rows = await db.query<AuditRow>(`${SELECT} ${FROM_WHERE} ORDER BY a.id DESC LIMIT $6`, [
      ...filterParams(session.licenseeUuid, body.filter),
      LICENSEE_AUDIT_EXPORT_MAX_ROWS,
    ]);
    const file = await buildAuditWorkbook(
      rows.map((row) => ({
        createdAt: new Date(iso(row.created_at) ?? 0),
        staffName: row.staff_name,
        action: row.action,
        clientIdentifier: row.client_identifier,
        before: values(row.before),
        after: values(row.after),
      })),
      body.language,
    );
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="audit.xlsx"')
      .header('cache-control', 'no-store');
    return file;
  });
}
