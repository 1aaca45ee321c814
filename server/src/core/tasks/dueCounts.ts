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

/**
 * A member's own risk actions ("my actions", docs/risk-assessment-follow-up.md; `$1` member, `$2` client): those of
 * current rounds, open ones once agreed (before, they are proposals). `x` is the action, `ev` its evaluation.
 */
export const MY_RISK_ACTIONS_OF_MEMBER = `x.responsible_member_uuid = $1 AND x.client_uuid = $2
  AND ev.superseded_at IS NULL AND (x.done_at IS NOT NULL OR ev.status = 'actionsAgreed')`;

export const MY_RISK_ACTIONS_FROM = `FROM risk_assessment_action x
  JOIN risk_assessment_evaluation ev ON ev.uuid = x.evaluation_uuid
  WHERE ${MY_RISK_ACTIONS_OF_MEMBER}`;

/** The states of "my actions": open ones to carry out, done ones still to check, checked ones. */
export const MY_RISK_ACTION_STATE = {
  open: 'x.done_at IS NULL',
  checkDue: 'x.done_at IS NOT NULL AND x.checked_at IS NULL',
  checked: 'x.checked_at IS NOT NULL',
} as const;

/** The start page's counts of "my actions" as one JSON value: open ones, and checks that have fallen due. */
export const MY_RISK_ACTION_COUNTS_JSON = `(SELECT row_to_json(counts) FROM (
  SELECT count(*) FILTER (WHERE ${MY_RISK_ACTION_STATE.open})::int AS open,
         count(*) FILTER (WHERE ${MY_RISK_ACTION_STATE.checkDue} AND x.check_due_date <= current_date)::int AS "checkDue"
  ${MY_RISK_ACTIONS_FROM}) counts)`;
