-- Risk assessments, part 3 (docs/risk-assessment-follow-up.md): what an inspection asks after "actions agreed".
--   * the effectiveness check of a done action (§ 3 (1) ArbSchG: the employer checks that the measures work): due a
--     few weeks after the action was done, recorded by the responsible member or an admin; "not effective" reopens
--     the risk for a new action;
--   * the sign-off of an evaluation (§ 6 ArbSchG: the assessment is documented): who approved it, when, a comment;
--     an approved evaluation is read-only and a new round starts from it as a copy, the old round kept as history.

ALTER TABLE risk_assessment_action
  ADD COLUMN check_due_date date,
  ADD COLUMN effectiveness text CHECK (effectiveness IN ('effective', 'partly', 'notEffective')),
  ADD COLUMN effectiveness_note text,
  ADD COLUMN checked_at timestamptz,
  ADD COLUMN checked_by_member_uuid uuid REFERENCES member_row (uuid) ON DELETE SET NULL,
  ADD COLUMN checked_by_name text,
  -- The action of the round before that this one continues (a new round copies every action).
  ADD COLUMN copied_from_action_uuid uuid REFERENCES risk_assessment_action (uuid) ON DELETE SET NULL,
  ADD CONSTRAINT risk_assessment_action_checked CHECK ((checked_at IS NULL) = (effectiveness IS NULL)),
  ADD CONSTRAINT risk_assessment_action_check_after_done CHECK (checked_at IS NULL OR done_at IS NOT NULL);
-- A member's due checks (start page, "my actions", reminders): done, not checked yet.
CREATE INDEX risk_assessment_action_check_due ON risk_assessment_action (responsible_member_uuid, check_due_date)
  WHERE done_at IS NOT NULL AND checked_at IS NULL;
-- A member's own open actions ("my actions").
CREATE INDEX risk_assessment_action_responsible_due ON risk_assessment_action (responsible_member_uuid, due_date);

-- A "not effective" check reopens its risk: it needs a new action before the evaluation can be agreed again.
ALTER TABLE risk_assessment_risk ADD COLUMN reopened_at timestamptz;

ALTER TABLE risk_assessment_evaluation
  ADD COLUMN approved_at timestamptz,
  ADD COLUMN approved_by_member_uuid uuid REFERENCES member_row (uuid) ON DELETE SET NULL,
  ADD COLUMN approved_by_name text,
  ADD COLUMN approval_comment text,
  ADD COLUMN round integer NOT NULL DEFAULT 1 CHECK (round >= 1),
  ADD COLUMN previous_evaluation_uuid uuid REFERENCES risk_assessment_evaluation (uuid) ON DELETE SET NULL,
  -- Set when a new round starts from this one: the round is history from then on.
  ADD COLUMN superseded_at timestamptz,
  ADD CONSTRAINT risk_assessment_evaluation_superseded_approved CHECK (superseded_at IS NULL OR approved_at IS NOT NULL);
-- One current round per assignment (the lists, the start page and the reminders read that one); the rounds before
-- stay as history.
ALTER TABLE risk_assessment_evaluation DROP CONSTRAINT risk_assessment_evaluation_assignment_uuid_key;
CREATE UNIQUE INDEX risk_assessment_evaluation_current ON risk_assessment_evaluation (assignment_uuid)
  WHERE superseded_at IS NULL;
CREATE UNIQUE INDEX risk_assessment_evaluation_round ON risk_assessment_evaluation (assignment_uuid, round);

-- The start page's counts of a member's own actions (open, checks due) are kept for the client's risk-tasks version
-- (migration 019): a change of an action moves it on, like a change of an analysis or an evaluation.
CREATE TRIGGER risk_tasks_action_insert AFTER INSERT ON risk_assessment_action
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_action_update AFTER UPDATE ON risk_assessment_action
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_action_delete AFTER DELETE ON risk_assessment_action
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();

-- Reminder mails for due effectiveness checks: a kind of their own (the action's own due date has 'risk-action').
ALTER TABLE reminder_delivery DROP CONSTRAINT reminder_delivery_kind_check;
ALTER TABLE reminder_delivery ADD CONSTRAINT reminder_delivery_kind_check
  CHECK (kind IN ('elearning', 'risk-assessment', 'risk-action', 'risk-action-check', 'digest'));
