-- Risk assessments, part 1: the content of each type as data, the tasks' settings, their assignments,
-- the members' analyses (executions) with their draft answers, and the completed results. See
-- docs/risk-assessments.md for the survey anonymity rule and the inspection rule.

-- A type's content: question groups (one page each), questions and the answer scale. The server upserts the
-- shipped content on start (server/src/seed/riskAssessmentContent); the identifiers below must exist before tasks
-- can point at them. kind: 'inspection' records who assessed; 'survey' (staff survey) stores answers anonymously.
CREATE TABLE risk_assessment_type (
  identifier text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('inspection', 'survey')),
  title jsonb NOT NULL DEFAULT '{}',
  description jsonb NOT NULL DEFAULT '{}',
  scale jsonb NOT NULL DEFAULT '[]',
  position integer NOT NULL DEFAULT 0
);
INSERT INTO risk_assessment_type (identifier, kind, position) VALUES
  ('general-hazards', 'inspection', 1), ('vdu-workstation', 'inspection', 2), ('mental-load', 'survey', 3);

CREATE TABLE risk_assessment_question_group (
  type_identifier text NOT NULL REFERENCES risk_assessment_type (identifier) ON DELETE CASCADE,
  key text NOT NULL,
  position integer NOT NULL,
  title jsonb NOT NULL,
  PRIMARY KEY (type_identifier, key)
);

-- What a later risk needs is kept with each question: the load it measures, the GDA hazard factor group, the source
-- (responsibility) and target (area of application), and the proposed measures with their STOP type.
CREATE TABLE risk_assessment_question (
  type_identifier text NOT NULL,
  key text NOT NULL,
  group_key text NOT NULL,
  position integer NOT NULL,
  text jsonb NOT NULL,
  load jsonb NOT NULL,
  hazard_factor_group text NOT NULL,
  source jsonb NOT NULL,
  target jsonb NOT NULL,
  measures jsonb NOT NULL DEFAULT '[]',
  retired boolean NOT NULL DEFAULT false,
  PRIMARY KEY (type_identifier, key),
  FOREIGN KEY (type_identifier, group_key) REFERENCES risk_assessment_question_group (type_identifier, key) ON DELETE CASCADE
);
CREATE INDEX risk_assessment_question_order ON risk_assessment_question (type_identifier, group_key, position);

-- The tasks (catalogue): the earlier demo types become the shipped ones; settings gain a due date and an active flag;
-- 'analysing' is the phase in which members answer (the spec's statuses follow it in the next issue).
UPDATE risk_assessment_task SET type = CASE type WHEN 'office' THEN 'vdu-workstation' WHEN 'warehouse' THEN 'general-hazards' WHEN 'psychological' THEN 'mental-load' ELSE type END;
UPDATE risk_assessment_task SET type = 'general-hazards' WHERE type NOT IN (SELECT identifier FROM risk_assessment_type);
ALTER TABLE risk_assessment_task ADD CONSTRAINT risk_assessment_task_type_fk FOREIGN KEY (type) REFERENCES risk_assessment_type (identifier);
ALTER TABLE risk_assessment_task DROP CONSTRAINT IF EXISTS risk_assessment_task_status_check;
ALTER TABLE risk_assessment_task ADD CONSTRAINT risk_assessment_task_status_check CHECK (status IN ('analysing', 'risksCreated', 'actionsAgreed', 'done'));
ALTER TABLE risk_assessment_task ALTER COLUMN status SET DEFAULT 'analysing';
ALTER TABLE risk_assessment_task ADD COLUMN due_date date;
ALTER TABLE risk_assessment_task ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE risk_assessment_task ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- What a task is assigned to: org units, one location, or single members.
CREATE TABLE risk_assessment_assignment (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  task_uuid uuid NOT NULL REFERENCES risk_assessment_task (uuid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('org-unit', 'location', 'member')),
  org_unit_uuid uuid REFERENCES org_unit (uuid) ON DELETE CASCADE,
  location_uuid uuid REFERENCES location (uuid) ON DELETE CASCADE,
  member_uuid uuid REFERENCES member (uuid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'org-unit') = (org_unit_uuid IS NOT NULL) AND (kind = 'location') = (location_uuid IS NOT NULL) AND (kind = 'member') = (member_uuid IS NOT NULL))
);
CREATE UNIQUE INDEX risk_assessment_assignment_org_unit ON risk_assessment_assignment (task_uuid, org_unit_uuid) WHERE kind = 'org-unit';
CREATE UNIQUE INDEX risk_assessment_assignment_member ON risk_assessment_assignment (task_uuid, member_uuid) WHERE kind = 'member';
CREATE UNIQUE INDEX risk_assessment_assignment_location ON risk_assessment_assignment (task_uuid) WHERE kind = 'location';
CREATE INDEX risk_assessment_assignment_client ON risk_assessment_assignment (client_uuid, kind);

-- Members' tasks of earlier data become org unit assignments; tasks without a unit go.
INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, org_unit_uuid)
  SELECT DISTINCT client_uuid, task_uuid, 'org-unit', org_unit_uuid FROM risk_assessment_member_task WHERE org_unit_uuid IS NOT NULL;
ALTER TABLE risk_assessment_member_task ADD COLUMN assignment_uuid uuid REFERENCES risk_assessment_assignment (uuid) ON DELETE CASCADE;
ALTER TABLE risk_assessment_member_task ADD COLUMN location_uuid uuid REFERENCES location (uuid) ON DELETE CASCADE;
UPDATE risk_assessment_member_task t SET assignment_uuid = a.uuid FROM risk_assessment_assignment a WHERE a.kind = 'org-unit' AND a.task_uuid = t.task_uuid AND a.org_unit_uuid = t.org_unit_uuid;
DELETE FROM risk_assessment_member_task WHERE assignment_uuid IS NULL;
ALTER TABLE risk_assessment_member_task ALTER COLUMN assignment_uuid SET NOT NULL;
-- A member has one analysis per assignment (per assigned org unit); assigning again creates nothing twice.
CREATE UNIQUE INDEX risk_assessment_member_task_assignment ON risk_assessment_member_task (assignment_uuid, member_uuid);

-- An analysis run: one per member task, except a location's inspection, which its responsible members share
-- (member_uuid NULL). The lock belongs to one browser session (lock_token) and expires unless renewed by saves.
CREATE TABLE risk_assessment_execution (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  task_uuid uuid NOT NULL REFERENCES risk_assessment_task (uuid) ON DELETE CASCADE,
  assignment_uuid uuid NOT NULL REFERENCES risk_assessment_assignment (uuid) ON DELETE CASCADE,
  member_uuid uuid REFERENCES member (uuid) ON DELETE CASCADE,
  current_page integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  lock_token text,
  locked_by_member_uuid uuid REFERENCES member (uuid) ON DELETE SET NULL,
  locked_until timestamptz
);
CREATE UNIQUE INDEX risk_assessment_execution_member ON risk_assessment_execution (assignment_uuid, member_uuid) WHERE member_uuid IS NOT NULL;
CREATE UNIQUE INDEX risk_assessment_execution_shared ON risk_assessment_execution (assignment_uuid) WHERE member_uuid IS NULL;
ALTER TABLE risk_assessment_member_task ADD COLUMN execution_uuid uuid REFERENCES risk_assessment_execution (uuid) ON DELETE SET NULL;
CREATE INDEX risk_assessment_member_task_execution ON risk_assessment_member_task (execution_uuid) WHERE execution_uuid IS NOT NULL;

-- Answers while an analysis is open (its member may leave and come back). A completed survey's answers leave
-- this table for risk_assessment_result_answer without anything that names the member.
CREATE TABLE risk_assessment_answer (
  execution_uuid uuid NOT NULL REFERENCES risk_assessment_execution (uuid) ON DELETE CASCADE,
  question_key text NOT NULL,
  value smallint NOT NULL,
  note text,
  PRIMARY KEY (execution_uuid, question_key)
);

-- A completed analysis as the evaluation reads it. Inspections name who assessed and when; a survey's result has
-- no execution, member, name or time (the CHECK makes it impossible to store them), and its uuid is random.
CREATE TABLE risk_assessment_result (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  task_uuid uuid NOT NULL REFERENCES risk_assessment_task (uuid) ON DELETE CASCADE,
  assignment_uuid uuid NOT NULL REFERENCES risk_assessment_assignment (uuid) ON DELETE CASCADE,
  org_unit_uuid uuid REFERENCES org_unit (uuid) ON DELETE SET NULL,
  location_uuid uuid REFERENCES location (uuid) ON DELETE SET NULL,
  type_identifier text NOT NULL REFERENCES risk_assessment_type (identifier),
  kind text NOT NULL CHECK (kind IN ('inspection', 'survey')),
  execution_uuid uuid REFERENCES risk_assessment_execution (uuid) ON DELETE CASCADE,
  assessed_by_member_uuid uuid REFERENCES member (uuid) ON DELETE SET NULL,
  assessed_by_name text,
  assessed_at timestamptz,
  CHECK (kind = 'inspection' OR (execution_uuid IS NULL AND assessed_by_member_uuid IS NULL AND assessed_by_name IS NULL AND assessed_at IS NULL)),
  CHECK (kind = 'survey' OR (execution_uuid IS NOT NULL AND assessed_by_name IS NOT NULL AND assessed_at IS NOT NULL))
);
CREATE INDEX risk_assessment_result_task ON risk_assessment_result (task_uuid, org_unit_uuid);
CREATE UNIQUE INDEX risk_assessment_result_execution ON risk_assessment_result (execution_uuid) WHERE execution_uuid IS NOT NULL;

-- Raw answers with a copy of what the question measured, so that risks can be computed later even if the content
-- changes. risk_weight: 0 (no hazard) to 3 (high) from the type's scale.
CREATE TABLE risk_assessment_result_answer (
  result_uuid uuid NOT NULL REFERENCES risk_assessment_result (uuid) ON DELETE CASCADE,
  question_key text NOT NULL,
  group_key text NOT NULL,
  value smallint NOT NULL,
  risk_weight smallint NOT NULL,
  note text,
  load jsonb NOT NULL,
  hazard_factor_group text NOT NULL,
  source jsonb NOT NULL,
  target jsonb NOT NULL,
  measures jsonb NOT NULL,
  PRIMARY KEY (result_uuid, question_key)
);

-- Risk-assessment changes go to the audit trail like every administrator's change. The list keeps the company
-- area's entity types and names the two apps' (the e-learning area uses 'elearning').
ALTER TABLE audit_entry DROP CONSTRAINT IF EXISTS audit_entry_entity_type_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_entity_type_check CHECK (entity_type IN ('member', 'member-group', 'org-unit', 'location', 'client', 'member-import', 'elearning', 'risk-assessment'));
