-- Evidence on the answers of an inspection (docs/risk-assessment-follow-up.md "Evidence"): photos a member takes
-- while assessing, beside the note an answer already has (risk_assessment_answer.note). Shrunk in the browser, checked
-- and stripped of metadata (location) again by the server, kept per analysis and question. Surveys take none: they
-- are anonymous.
CREATE TABLE risk_assessment_evidence_photo (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  execution_uuid uuid NOT NULL REFERENCES risk_assessment_execution (uuid) ON DELETE CASCADE,
  question_key text NOT NULL,
  content bytea NOT NULL,
  width integer NOT NULL CHECK (width BETWEEN 1 AND 4096),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 4096),
  byte_size integer NOT NULL,
  created_by_member_uuid uuid REFERENCES member_row (uuid) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_assessment_evidence_photo_answer ON risk_assessment_evidence_photo (execution_uuid, question_key, created_at);
-- The evaluation reads the inspections' results of an assignment for their notes and photos: only inspections keep
-- them, and a survey of 2,000 results is not read per risk.
CREATE INDEX risk_assessment_result_inspection ON risk_assessment_result (assignment_uuid) WHERE kind = 'inspection';
