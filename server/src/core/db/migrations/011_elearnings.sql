-- E-learnings for administrators: task settings, language versions, org unit assignments, and tasks
-- that keep their history (attempts that were reset stay, completions stay). The rules are in docs/elearning-tasks.md.

-- Task settings (spec section 3): an optional fixed due date for the first round, the first-execution buffer in
-- days, the repeat interval in months (0 = once) and the automatic activate-on / deactivate-on dates.
ALTER TABLE elearning
  ADD COLUMN due_date date,
  ADD COLUMN first_execution_buffer_days integer NOT NULL DEFAULT 14
    CHECK (first_execution_buffer_days IN (0, 7, 14, 30, 60, 90)),
  ADD COLUMN repeat_interval_months integer NOT NULL DEFAULT 0
    CHECK (repeat_interval_months BETWEEN 0 AND 24),
  ADD COLUMN activate_on date,
  ADD COLUMN deactivate_on date,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT elearning_deactivate_after_activate CHECK (deactivate_on IS NULL OR activate_on IS NULL OR deactivate_on > activate_on);

-- The language versions of a course (title and description per language); elearning.title stays the main title.
CREATE TABLE elearning_language (
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('de_DE', 'en_GB')),
  title text NOT NULL,
  description text,
  PRIMARY KEY (elearning_uuid, language)
);

-- Which org units an e-learning is assigned to (with their sub-units, see the rules).
CREATE TABLE elearning_org_unit (
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  org_unit_uuid uuid NOT NULL REFERENCES org_unit (uuid) ON DELETE CASCADE,
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (elearning_uuid, org_unit_uuid)
);
CREATE INDEX elearning_org_unit_unit ON elearning_org_unit (org_unit_uuid);
CREATE INDEX elearning_org_unit_client ON elearning_org_unit (client_uuid);

-- A task is one attempt of one member at one e-learning. available_from: the day it shows to the member (the
-- activate-on date when that is later than the assignment); started_at: the member began (status inprogress);
-- reset_at: an administrator reset the attempt, which closes it and opens a new one; origin: why it exists.
ALTER TABLE elearning_task
  ADD COLUMN available_from date NOT NULL DEFAULT current_date,
  ADD COLUMN started_at timestamptz,
  ADD COLUMN reset_at timestamptz,
  ADD COLUMN origin text NOT NULL DEFAULT 'assignment' CHECK (origin IN ('assignment', 'repeat', 'reset'));
UPDATE elearning_task SET available_from = created_at::date;
-- At most one open attempt per member and e-learning: concurrent syncs cannot create two.
CREATE UNIQUE INDEX elearning_task_one_open ON elearning_task (elearning_uuid, member_uuid)
  WHERE completed_at IS NULL AND reset_at IS NULL;
-- Analytics read the tasks of one e-learning grouped by member.
CREATE INDEX elearning_task_elearning_member ON elearning_task (elearning_uuid, member_uuid);
DROP INDEX IF EXISTS elearning_task_elearning;
-- "My e-learnings" and the start page read one member's open tasks by due date.
CREATE INDEX elearning_task_member_open ON elearning_task (member_uuid, due_date)
  WHERE completed_at IS NULL AND reset_at IS NULL;

-- Audit entries of the e-learning settings and assignments.
ALTER TABLE audit_entry DROP CONSTRAINT IF EXISTS audit_entry_entity_type_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_entity_type_check
  CHECK (entity_type IN ('member', 'member-group', 'org-unit', 'location', 'client', 'member-import', 'elearning', 'risk-assessment'));
