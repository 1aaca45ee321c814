/** The counts of the due-status bubbles (spec section 3); the same conditions as the lists' filters (memberTasks.ts). */
export interface DueCounts {
  overdue: number;
  next7Days: number;
  nextMonth: number;
  done: number;
  all: number;
}

const COUNTS = `count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date < current_date)::int AS overdue,
  count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date BETWEEN current_date AND current_date + 7)::int AS "next7Days",
  count(*) FILTER (WHERE t.completed_at IS NULL
                     AND t.due_date BETWEEN current_date AND (current_date + interval '1 month')::date)::int AS "nextMonth",
  count(*) FILTER (WHERE t.completed_at IS NOT NULL)::int AS done,
  count(*)::int AS all`;

/**
 * Which e-learning tasks a member sees: the same rule as "my e-learnings" (elearnings/routes/memberTasks.ts,
 * elearningMemberTasks): reset attempts are history; open ones show from their start while the course is live.
 */
const ELEARNING_TASK_VISIBLE = `t.reset_at IS NULL AND (t.completed_at IS NOT NULL OR (t.available_from <= current_date
  AND c.active AND (c.activate_on IS NULL OR c.activate_on <= current_date)
  AND (c.deactivate_on IS NULL OR c.deactivate_on > current_date)))`;

/** Which analyses a member sees: the same rule as "my analyses" (riskAssessments/memberTasks.ts). */
const RISK_ASSESSMENT_TASK_VISIBLE = '(c.active OR t.completed_at IS NOT NULL)';

/** The e-learning bubbles as one JSON value (`$1` member, `$2` client), for a statement that reads several counts. */
export const ELEARNING_DUE_COUNTS_JSON = `(SELECT row_to_json(x) FROM (SELECT ${COUNTS} FROM elearning_task t
  JOIN elearning c ON c.uuid = t.elearning_uuid
  WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND ${ELEARNING_TASK_VISIBLE}) x)`;

/** The risk-assessment bubbles as one JSON value (`$1` member, `$2` client). */
export const RISK_ASSESSMENT_DUE_COUNTS_JSON = `(SELECT row_to_json(x) FROM (SELECT ${COUNTS}
  FROM risk_assessment_member_task t JOIN risk_assessment_task c ON c.uuid = t.task_uuid
  WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND ${RISK_ASSESSMENT_TASK_VISIBLE}) x)`;
