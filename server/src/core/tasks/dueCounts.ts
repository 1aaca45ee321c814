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

/**
 * The instruction bubbles as one JSON value (`$1` member, `$2` client; docs/instructions.md): each attendance row is a
 * task, unsigned ones due on their confirm-by day, signed ones done; and each topic's latest signed row stands for
 * the next instruction on it, open and due `interval` months after the signature (as a repeating e-learning's next
 * round), until a later instruction on the topic takes its place.
 */
export const INSTRUCTION_DUE_COUNTS_JSON = `(SELECT row_to_json(x) FROM (SELECT ${COUNTS} FROM (
    SELECT a.confirmed_at AS completed_at, a.due_date FROM instruction_attendance a
     WHERE a.member_uuid = $1 AND a.client_uuid = $2
    UNION ALL
    SELECT NULL, a.next_due_date FROM instruction_attendance a JOIN instruction i ON i.uuid = a.instruction_uuid
     WHERE a.member_uuid = $1 AND a.client_uuid = $2 AND a.confirmed_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM instruction_attendance later JOIN instruction li ON li.uuid = later.instruction_uuid
                        WHERE later.member_uuid = a.member_uuid AND lower(li.title) = lower(i.title)
                          AND (li.held_on, li.uuid) > (i.held_on, i.uuid))) t) x)`;

/** The risk-assessment bubbles as one JSON value (`$1` member, `$2` client). */
export const RISK_ASSESSMENT_DUE_COUNTS_JSON = `(SELECT row_to_json(x) FROM (SELECT ${COUNTS}
  FROM risk_assessment_member_task t JOIN risk_assessment_task c ON c.uuid = t.task_uuid
  WHERE t.member_uuid = $1 AND t.client_uuid = $2 AND ${RISK_ASSESSMENT_TASK_VISIBLE}) x)`;
