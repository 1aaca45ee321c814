/**
 * The kinds of task reminder. A kind is one SQL text: the open items that may need a reminder, one row per
 * (member, item), with these columns:
 *   member_uuid, subject_uuid (the item), client_uuid, due_date (date), title (in the member's language),
 *   link_path (where the mail's link opens, from the dashboard's root)
 * Parameters: $1 = today (date). The query must join `member m` and apply `MEMBER_RECEIVES`, and keep to
 * `due_date BETWEEN $1::date - CATCH_UP_DAYS AND $1::date + DUE_SOON_DAYS` (the scheduler decides due-soon or overdue).
 * Adding a kind: write its SQL here (or in its own module) and add it to REMINDER_KINDS.
 */
export interface TaskReminderKind {
  kind: 'elearning' | 'risk-assessment' | 'risk-action' | 'risk-action-check' | 'instruction';
  openItems: string;
}

/** "Falls due in 7 days": sent once the due date is at most this many days away. */
export const DUE_SOON_DAYS = 7;
/** Downtime the run catches up on: an item overdue for longer than this gets no overdue mail any more. */
export const CATCH_UP_DAYS = 30;

/** Who gets reminders: active, not archived, with an e-mail address, and not switched off in the profile. */
export const MEMBER_RECEIVES = `m.archived_at IS NULL AND m.status = 'active' AND m.reminder_mails AND m.email IS NOT NULL AND m.email <> ''`;
const DUE_WINDOW = `t.due_date BETWEEN $1::date - ${CATCH_UP_DAYS} AND $1::date + ${DUE_SOON_DAYS}`;

/** E-learnings: the member's open attempt while the course is live (the rule of "my e-learnings"). */
export const ELEARNING_REMINDERS: TaskReminderKind = {
  kind: 'elearning',
  openItems: `SELECT t.member_uuid, t.uuid AS subject_uuid, t.client_uuid, t.due_date,
      coalesce((SELECT l.title FROM elearning_language l WHERE l.elearning_uuid = c.uuid AND l.language = m.language), c.title) AS title,
      -- The running attempt opens in the player; a course not started yet opens My e-learnings (a task is no attempt).
      coalesce('/dashboard/apps/elearnings/execution/' || (SELECT x.uuid FROM elearning_execution x
                  WHERE x.task_uuid = t.uuid AND x.reset_at IS NULL AND x.completed_at IS NULL),
               '/dashboard/apps/elearnings/my-elearnings') AS link_path
    FROM elearning_task t
    JOIN elearning c ON c.uuid = t.elearning_uuid
    JOIN member m ON m.uuid = t.member_uuid
    JOIN client cl ON cl.uuid = t.client_uuid AND cl.feature_elearnings
   WHERE t.completed_at IS NULL AND t.reset_at IS NULL AND ${DUE_WINDOW}
     AND t.available_from <= $1::date AND c.active
     AND (c.activate_on IS NULL OR c.activate_on <= $1::date) AND (c.deactivate_on IS NULL OR c.deactivate_on > $1::date)
     AND ${MEMBER_RECEIVES}`,
};

/** Analyses: the member's open analysis of an active assessment (the rule of "my analyses"). */
export const RISK_ASSESSMENT_REMINDERS: TaskReminderKind = {
  kind: 'risk-assessment',
  openItems: `SELECT t.member_uuid, t.uuid AS subject_uuid, t.client_uuid, t.due_date, c.title,
      CASE WHEN t.execution_uuid IS NULL THEN '/dashboard/apps/risk-assessments/my-analyses'
           ELSE '/dashboard/apps/risk-assessments/execution/' || t.execution_uuid END AS link_path
    FROM risk_assessment_member_task t
    JOIN risk_assessment_task c ON c.uuid = t.task_uuid
    JOIN member m ON m.uuid = t.member_uuid
    JOIN client cl ON cl.uuid = t.client_uuid AND cl.feature_risk_assessments
   WHERE t.completed_at IS NULL AND ${DUE_WINDOW} AND c.active AND ${MEMBER_RECEIVES}`,
};

/**
 * Risk actions (merged later): the responsible member of each open action. The lead wires it after the
 * merge by passing the action table's SQL and adding the result to REMINDER_KINDS, e.g.
 *   riskActionReminders({ table: 'risk_action', responsible: 'responsible_member_uuid', open: "a.status <> 'done'",
 *                         title: 'a.title', linkPath: "'/dashboard/apps/risk-assessments/evaluation/details/' || a.result_uuid || '/risk-actions'" })
 */
export interface RiskActionReminderSource {
  /** The action table, aliased `a`; it must have uuid, client_uuid and due_date. */
  table: string;
  /** The column naming the responsible member. */
  responsible: string;
  /** SQL on `a`: the action is still open. */
  open: string;
  /** SQL on `a` (and `m`): the title shown. */
  title: string;
  /** SQL on `a`: the dashboard path of the action. */
  linkPath: string;
}

export function riskActionReminders(source: RiskActionReminderSource): TaskReminderKind {
  return {
    kind: 'risk-action',
    openItems: `SELECT a.${source.responsible} AS member_uuid, a.uuid AS subject_uuid, a.client_uuid, a.due_date AS due_date,
        ${source.title} AS title, ${source.linkPath} AS link_path
      FROM ${source.table} a
      JOIN member m ON m.uuid = a.${source.responsible}
      JOIN client cl ON cl.uuid = a.client_uuid AND cl.feature_risk_assessments
     WHERE (${source.open}) AND a.due_date BETWEEN $1::date - ${CATCH_UP_DAYS} AND $1::date + ${DUE_SOON_DAYS}
       AND ${MEMBER_RECEIVES}`,
  };
}

/**
 * Follow-up actions of a risk assessment: the responsible member of an agreed action that is not done,
 * with the measure in his language and a link to the assessment's action list.
 */
export const RISK_ACTION_REMINDERS = riskActionReminders({
  table: 'risk_assessment_action',
  responsible: 'responsible_member_uuid',
  open: `a.done_at IS NULL AND EXISTS (SELECT 1 FROM risk_assessment_evaluation e
                                       WHERE e.uuid = a.evaluation_uuid AND e.status = 'actionsAgreed'
                                         AND e.superseded_at IS NULL)`,
  title: `coalesce(a.description ->> m.language, a.description ->> 'de_DE')`,
  linkPath: `'/dashboard/apps/risk-assessments/evaluation/details/' || a.evaluation_uuid || '/risk-actions'`,
});

/**
 * Effectiveness checks (docs/risk-assessment-follow-up.md): the responsible member of a done action of a current
 * round whose check is not recorded yet, due on its check day; the link opens "my actions".
 */
export const RISK_ACTION_CHECK_REMINDERS: TaskReminderKind = {
  kind: 'risk-action-check',
  openItems: `SELECT a.responsible_member_uuid AS member_uuid, a.uuid AS subject_uuid, a.client_uuid,
      a.check_due_date AS due_date, coalesce(a.description ->> m.language, a.description ->> 'de_DE') AS title,
      '/dashboard/apps/risk-assessments/my-actions' AS link_path
    FROM risk_assessment_action a
    JOIN risk_assessment_evaluation e ON e.uuid = a.evaluation_uuid AND e.superseded_at IS NULL
    JOIN member m ON m.uuid = a.responsible_member_uuid
    JOIN client cl ON cl.uuid = a.client_uuid AND cl.feature_risk_assessments
   WHERE a.done_at IS NOT NULL AND a.checked_at IS NULL
     AND a.check_due_date BETWEEN $1::date - ${CATCH_UP_DAYS} AND $1::date + ${DUE_SOON_DAYS} AND ${MEMBER_RECEIVES}`,
};

/**
 * Instructions (docs/instructions.md): the member's attendance not signed yet, due on the instruction's confirm-by
 * day; the link opens "Meine Unterweisungen", where he signs. (A topic due again is the administrators' to schedule:
 * no mail to the member.)
 */
export const INSTRUCTION_REMINDERS: TaskReminderKind = {
  kind: 'instruction',
  openItems: `SELECT t.member_uuid, t.uuid AS subject_uuid, t.client_uuid, t.due_date, i.title,
      '/dashboard/apps/elearnings/my-instructions' AS link_path
    FROM instruction_attendance t
    JOIN instruction i ON i.uuid = t.instruction_uuid
    JOIN member m ON m.uuid = t.member_uuid
    JOIN client cl ON cl.uuid = t.client_uuid AND cl.feature_elearnings
   WHERE t.confirmed_at IS NULL AND ${DUE_WINDOW} AND ${MEMBER_RECEIVES}`,
};

/** Every kind the scheduler runs. */
export const REMINDER_KINDS: readonly TaskReminderKind[] = [
  ELEARNING_REMINDERS,
  RISK_ASSESSMENT_REMINDERS,
  RISK_ACTION_REMINDERS,
  RISK_ACTION_CHECK_REMINDERS,
  INSTRUCTION_REMINDERS,
];
