-- Risk assessments, part 2: the evaluation of an assignment once its analysis phase ends, the risks
-- computed from the answers (probability x severity -> risk factor, docs/risk-matrix.md), the follow-up actions
-- per risk and the status machines (evaluation: risksCreated -> actionsAgreed -> done).

-- One evaluation per assignment (an org unit or a location of a task), made when the analysis phase is finished.
CREATE TABLE risk_assessment_evaluation (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  task_uuid uuid NOT NULL REFERENCES risk_assessment_task (uuid) ON DELETE CASCADE,
  assignment_uuid uuid NOT NULL UNIQUE REFERENCES risk_assessment_assignment (uuid) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'risksCreated' CHECK (status IN ('risksCreated', 'actionsAgreed', 'done')),
  -- The analyses the risks were computed from (at least 6) and the matrix used, so a later change rewrites nothing.
  analysis_count integer NOT NULL CHECK (analysis_count >= 6),
  matrix_version text NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  finished_by_member_uuid uuid REFERENCES member (uuid) ON DELETE SET NULL,
  agreed_at timestamptz,
  agreed_by_member_uuid uuid REFERENCES member (uuid) ON DELETE SET NULL,
  done_at timestamptz
);
CREATE INDEX risk_assessment_evaluation_client ON risk_assessment_evaluation (client_uuid, status);

-- A risk: one question of the evaluated assignment whose answers show a hazard, with the raw scores.
CREATE TABLE risk_assessment_risk (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  evaluation_uuid uuid NOT NULL REFERENCES risk_assessment_evaluation (uuid) ON DELETE CASCADE,
  question_key text NOT NULL,
  group_key text NOT NULL,
  hazard_factor_group text NOT NULL,
  load jsonb NOT NULL,
  source jsonb NOT NULL,
  target jsonb NOT NULL,
  measures jsonb NOT NULL,
  probability smallint NOT NULL CHECK (probability BETWEEN 1 AND 5),
  severity smallint NOT NULL CHECK (severity BETWEEN 1 AND 5),
  risk_factor smallint NOT NULL CHECK (risk_factor BETWEEN 1 AND 10),
  matrix_version text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'riskActionDefine', 'riskActionDefined', 'riskActionAgreed', 'done')),
  not_relevant boolean NOT NULL DEFAULT false,
  not_relevant_reason text,
  UNIQUE (evaluation_uuid, question_key)
);
CREATE INDEX risk_assessment_risk_factor ON risk_assessment_risk (evaluation_uuid, risk_factor DESC, question_key);

-- A follow-up action (measure) of a risk: a proposed measure of the content or a custom one.
CREATE TABLE risk_assessment_action (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  evaluation_uuid uuid NOT NULL REFERENCES risk_assessment_evaluation (uuid) ON DELETE CASCADE,
  risk_uuid uuid NOT NULL REFERENCES risk_assessment_risk (uuid) ON DELETE CASCADE,
  origin text NOT NULL CHECK (origin IN ('proposed', 'custom')),
  measure_index smallint,
  stop text NOT NULL CHECK (stop IN ('substitution', 'technical', 'organisational', 'personal')),
  description jsonb NOT NULL,
  responsible_member_uuid uuid NOT NULL REFERENCES member (uuid),
  due_date date NOT NULL,
  note text,
  done_at date,
  done_by_member_uuid uuid REFERENCES member (uuid) ON DELETE SET NULL,
  done_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((origin = 'proposed') = (measure_index IS NOT NULL))
);
CREATE UNIQUE INDEX risk_assessment_action_proposed ON risk_assessment_action (risk_uuid, measure_index) WHERE origin = 'proposed';
CREATE INDEX risk_assessment_action_evaluation ON risk_assessment_action (evaluation_uuid, due_date);
CREATE INDEX risk_assessment_action_responsible ON risk_assessment_action (responsible_member_uuid) WHERE done_at IS NULL;

-- Analyses left open when the phase ended: closed, and the member sees so.
ALTER TABLE risk_assessment_member_task ADD COLUMN closed_at timestamptz;
-- The evaluation groups a unit's results by assignment.
CREATE INDEX risk_assessment_result_assignment ON risk_assessment_result (assignment_uuid);
