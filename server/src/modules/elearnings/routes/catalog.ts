import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleMembers } from '../../../core/access/scope';
import type { Database } from '../../../core/db/database';
import { likePattern, orderBy } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { readClientVersion } from '../../../core/tasks/taskVersion';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import type { ElearningLanguage, ElearningState } from '../lookups';
import { analyticsStatusSql } from '../statistics';
import { ELEARNING_STATE_SQL } from '../taskSync';

const CATALOG_SORT = {
  title: 'title',
  durationMinutes: 'e.duration_minutes',
  assignedMemberCount: 'assigned_member_count',
  completedMemberCount: 'completed_member_count',
};

interface CatalogRow {
  uuid: string;
  title: string;
  description: string | null;
  duration_minutes: number;
  languages: ElearningLanguage[];
  active: boolean;
  state: ElearningState;
  assigned_member_count: number;
  completed_member_count: number;
}

/** The analytics status of summary row `p`, with the e-learning `e` of the row being read, is 'completed'. */
const COMPLETED_NOW_SQL = `(${analyticsStatusSql(`(${ELEARNING_STATE_SQL})`)}) = 'completed'`;

/**
 * The catalogue columns of the e-learnings matching `condition` (alias `e`): title in the signed-in member's
 * language when the course has it, and member counts limited to the members the session may see.
 */
function catalogSelect(session: SessionContext, params: unknown[], condition: string): string {
  const visible = visibleMembers(session, params, 'm');
  params.push(session.memberUuid);
  const me = `$${params.length}`;
  return `SELECT e.uuid, coalesce(mine.title, e.title) AS title, coalesce(mine.description, e.description) AS description,
                 e.duration_minutes, e.active, ${ELEARNING_STATE_SQL} AS state,
                 coalesce((SELECT array_agg(l.language ORDER BY l.language) FROM elearning_language l WHERE l.elearning_uuid = e.uuid),
                          ARRAY['de_DE']) AS languages,
                 coalesce(counts.assigned, 0) AS assigned_member_count, coalesce(counts.completed, 0) AS completed_member_count
            FROM elearning e
            LEFT JOIN elearning_language mine
                   ON mine.elearning_uuid = e.uuid AND mine.language = (SELECT language FROM member WHERE uuid = ${me})
            LEFT JOIN LATERAL (
                 -- One summary row per member of the e-learning (migration 016): with an open attempt or a completion
                 -- he is assigned; completed is the analytics status 'completed' now (not "ever completed": a
                 -- member whose next round is overdue is overdue there and here); archived members count for nothing.
                 SELECT (count(*) FILTER (WHERE p.has_open OR p.completed_count > 0))::int AS assigned,
                        (count(*) FILTER (WHERE (p.has_open OR p.completed_count > 0)
                                            AND ${COMPLETED_NOW_SQL}))::int AS completed
                   FROM elearning_member_summary p JOIN member m ON m.uuid = p.member_uuid
                  WHERE p.elearning_uuid = e.uuid AND NOT p.archived AND ${visible}) counts ON true
           WHERE ${condition}`;
}

function catalogItem(row: CatalogRow) {
  return {
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    durationMinutes: row.duration_minutes,
    languages: row.languages,
    active: row.active,
    state: row.state,
    assignedMemberCount: row.assigned_member_count,
    completedMemberCount: row.completed_member_count,
  };
}

/** The catalogue (with its member counts) and one e-learning's details. */
export function registerCatalogRoutes(app: FastifyInstance, db: Database): void {
  // The catalogue counts every e-learning's members from their summary rows: kept as the checked answer for the
  // company version, the client's catalogue version (migration 019) and the reader's language (titles).
  const catalogs = new KeptAnswers(ENDPOINTS.elearningCatalog);
  registerEndpoint(app, db, ENDPOINTS.elearningCatalog, async ({ body, session, request }) => {
    const version = await readClientVersion(db, session, 'elearning-catalog');
    const language = session.settings.language;
    // The state and the completed count change with the day too (a next round falls due, an end date passes).
    const [today] = await db.query<{ day: string }>("SELECT to_char(current_date, 'YYYYMMDD') AS day");
    return catalogs.get(request, session, `${version}.${today?.day}`, [language, body], () =>
      readCatalog(body, session),
    );
  });

  const readCatalog = async (body: z.output<typeof ENDPOINTS.elearningCatalog.request>, session: SessionContext) => {
    const params: unknown[] = [session.clientUuid];
    let condition = 'e.client_uuid = $1';
    if (body.filter.search) {
      params.push(likePattern(body.filter.search));
      condition += ` AND (e.title ILIKE $${params.length} OR e.description ILIKE $${params.length}
        OR EXISTS (SELECT 1 FROM elearning_language l WHERE l.elearning_uuid = e.uuid AND l.title ILIKE $${params.length}))`;
    }
    // The count needs only the condition's parameters; the page adds the session's scope and language.
    const countParams = [...params];
    const select = catalogSelect(session, params, condition);
    params.push(body.perPage, (body.page - 1) * body.perPage);
    const [rows, count] = await Promise.all([
      db.query<CatalogRow>(
        `SELECT * FROM (${select}) e ${orderBy(CATALOG_SORT, body.sortBy, body.sortDirection, 'e.uuid')}
         LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM elearning e WHERE ${condition}`, countParams),
    ]);
    const total = count[0]?.total ?? 0;
    return { items: rows.map(catalogItem), total };
  };

  registerEndpoint(app, db, ENDPOINTS.elearningDetails, async ({ body, session }) => {
    const params: unknown[] = [session.clientUuid, body.uuid];
    const [row] = await db.query<CatalogRow>(
      catalogSelect(session, params, 'e.client_uuid = $1 AND e.uuid = $2'),
      params,
    );
    if (!row) throw new ApiHttpError(404, 'Elearning.NotFound');
    const versions = await db.query<{ language: ElearningLanguage; title: string; description: string | null }>(
      'SELECT language, title, description FROM elearning_language WHERE elearning_uuid = $1 ORDER BY language',
      [body.uuid],
    );
    return { ...catalogItem(row), versions };
  });
}
