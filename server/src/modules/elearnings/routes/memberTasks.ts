import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import type { SessionContext } from '../../../core/sessions/sessions';
import { readMemberTasks } from '../../../core/tasks/memberTasks';
import { readTaskVersion } from '../../../core/tasks/taskVersion';
import { ApiHttpError } from '../../../http/errors';
import { KeptAnswers } from '../../../http/keptAnswers';
import { registerEndpoint } from '../../../http/route';
import type { ElearningLanguage } from '../lookups';

/** The signed-in member's own e-learnings: his list (and the start page's), its counts, and one task. */
export function registerMemberTaskRoutes(app: FastifyInstance, db: Database): void {
  // My e-learnings (and the start page's list): kept per member for the client's task version (readTaskVersion).
  const memberTasks = new KeptAnswers(ENDPOINTS.elearningMemberTasks);
  registerEndpoint(app, db, ENDPOINTS.elearningMemberTasks, async ({ body, session, request }) => {
    const version = await readTaskVersion(db, session);
    const key = [session.memberUuid, session.settings.language, body];
    return memberTasks.get(request, session, version, key, () => readOwnTasks(body, session));
  });

  const readOwnTasks = (body: z.output<typeof ENDPOINTS.elearningMemberTasks.request>, session: SessionContext) =>
    readMemberTasks(
      db,
      session,
      {
        tasks: 'elearning_task',
        catalog: 'elearning',
        catalogKey: 'elearning_uuid',
        // Reset attempts are history; open attempts show from their start while the e-learning is live.
        visible: `t.reset_at IS NULL AND (t.completed_at IS NOT NULL OR (t.available_from <= current_date
                  AND c.active AND (c.activate_on IS NULL OR c.activate_on <= current_date)
                  AND (c.deactivate_on IS NULL OR c.deactivate_on > current_date)))`,
        // In the member's language where the course has that version.
        title: `coalesce((SELECT l.title FROM elearning_language l JOIN member me ON me.uuid = t.member_uuid
                           WHERE l.elearning_uuid = c.uuid AND l.language = me.language), c.title)`,
      },
      body,
    );

  registerEndpoint(app, db, ENDPOINTS.elearningMemberStatistics, async ({ session }) => {
    const [row] = await db.query<{ overdue: number; next7: number; month: number; done: number; all: number }>(
      `SELECT (count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date < current_date))::int AS overdue,
              (count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date BETWEEN current_date AND current_date + 7))::int AS next7,
              (count(*) FILTER (WHERE t.completed_at IS NULL
                                  AND t.due_date BETWEEN current_date AND (current_date + interval '1 month')::date))::int AS month,
              (count(*) FILTER (WHERE t.completed_at IS NOT NULL))::int AS done,
              count(*)::int AS all
         FROM elearning_task t JOIN elearning c ON c.uuid = t.elearning_uuid
        WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND t.reset_at IS NULL
          AND (t.completed_at IS NOT NULL OR (t.available_from <= current_date AND c.active
               AND (c.activate_on IS NULL OR c.activate_on <= current_date)
               AND (c.deactivate_on IS NULL OR c.deactivate_on > current_date)))`,
      [session.memberUuid, session.clientUuid],
    );
    return {
      overdue: row?.overdue ?? 0,
      next7Days: row?.next7 ?? 0,
      nextMonth: row?.month ?? 0,
      done: row?.done ?? 0,
      all: row?.all ?? 0,
    };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningMemberTask, async ({ body, session }) => {
    const [row] = await db.query<{
      uuid: string;
      due_date: string | null;
      completed_at: unknown;
      started_at: unknown;
      elearning_uuid: string;
      title: string;
      description: string | null;
      duration_minutes: number;
      languages: ElearningLanguage[];
    }>(
      `SELECT t.uuid, t.due_date::text AS due_date, t.completed_at, t.started_at, e.uuid AS elearning_uuid,
              coalesce(mine.title, e.title) AS title, coalesce(mine.description, e.description) AS description,
              e.duration_minutes,
              coalesce((SELECT array_agg(l.language ORDER BY l.language) FROM elearning_language l WHERE l.elearning_uuid = e.uuid),
                       ARRAY['de_DE']) AS languages
         FROM elearning_task t JOIN elearning e ON e.uuid = t.elearning_uuid
         JOIN member me ON me.uuid = t.member_uuid
         LEFT JOIN elearning_language mine ON mine.elearning_uuid = e.uuid AND mine.language = me.language
        WHERE t.uuid = $1 AND t.member_uuid = $2 AND t.client_uuid = $3 AND t.reset_at IS NULL`,
      [body.uuid, session.memberUuid, session.clientUuid],
    );
    // Another member's task answers exactly like one that does not exist.
    if (!row) throw new ApiHttpError(404, 'ElearningTask.NotFound');
    return {
      uuid: row.uuid,
      dueDate: row.due_date,
      completedAt: iso(row.completed_at),
      startedAt: iso(row.started_at),
      elearning: {
        uuid: row.elearning_uuid,
        title: row.title,
        description: row.description,
        durationMinutes: row.duration_minutes,
        languages: row.languages,
      },
    };
  });
}
