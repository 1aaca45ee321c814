-- Finishing an analysis phase scored the risks by aggregating every answer of the unit: 2,000 analyses x
-- 60 questions are 120,000 rows, about 150 ms on embedded PGlite against a target of 100 ms. The tally keeps those
-- aggregates per assignment and question as answers arrive, so finishing reads ~60 rows. Triggers keep it exact for
-- every writer (the execution's completion, the demo and bench seeds, deletes through cascades): a statement-level
-- trigger aggregates a whole insert at once.
CREATE TABLE risk_assessment_answer_tally (
  assignment_uuid uuid NOT NULL REFERENCES risk_assessment_assignment (uuid) ON DELETE CASCADE,
  question_key text NOT NULL,
  analysis_count int NOT NULL,
  affected_count int NOT NULL,
  weight_sum int NOT NULL,
  -- The content a risk copies: the same for every answer of a question (one type per task).
  group_key text NOT NULL,
  hazard_factor_group text NOT NULL,
  load jsonb NOT NULL,
  source jsonb NOT NULL,
  target jsonb NOT NULL,
  measures jsonb NOT NULL,
  PRIMARY KEY (assignment_uuid, question_key)
);

CREATE FUNCTION risk_answer_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_assessment_answer_tally AS t (assignment_uuid, question_key, analysis_count, affected_count,
                                                  weight_sum, group_key, hazard_factor_group, load, source, target,
                                                  measures)
  SELECT r.assignment_uuid, n.question_key, count(*), count(*) FILTER (WHERE n.risk_weight > 0), sum(n.risk_weight),
         min(n.group_key), min(n.hazard_factor_group), (array_agg(n.load))[1], (array_agg(n.source))[1],
         (array_agg(n.target))[1], (array_agg(n.measures))[1]
    FROM new_answers n JOIN risk_assessment_result r ON r.uuid = n.result_uuid
   GROUP BY r.assignment_uuid, n.question_key
  ON CONFLICT (assignment_uuid, question_key) DO UPDATE SET
    analysis_count = t.analysis_count + excluded.analysis_count,
    affected_count = t.affected_count + excluded.affected_count,
    weight_sum = t.weight_sum + excluded.weight_sum;
  RETURN NULL;
END $$;

-- A result deleted alone: its answers leave the tally before the cascade deletes them (once they are gone, the
-- answers' own trigger no longer finds their result, so nothing is taken off twice). A result deleted with its
-- assignment takes the tally along through the assignment's cascade.
CREATE FUNCTION risk_answer_tally_remove_result() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE risk_assessment_answer_tally t SET
    analysis_count = t.analysis_count - 1,
    affected_count = t.affected_count - (CASE WHEN x.risk_weight > 0 THEN 1 ELSE 0 END),
    weight_sum = t.weight_sum - x.risk_weight
    FROM risk_assessment_result_answer x
   WHERE x.result_uuid = OLD.uuid AND t.assignment_uuid = OLD.assignment_uuid AND t.question_key = x.question_key;
  DELETE FROM risk_assessment_answer_tally WHERE assignment_uuid = OLD.assignment_uuid AND analysis_count <= 0;
  RETURN OLD;
END $$;

CREATE FUNCTION risk_answer_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Answers deleted alone (their result stays).
  UPDATE risk_assessment_answer_tally t SET
    analysis_count = t.analysis_count - o.analysis_count,
    affected_count = t.affected_count - o.affected_count,
    weight_sum = t.weight_sum - o.weight_sum
    FROM (SELECT r.assignment_uuid, x.question_key, count(*) AS analysis_count,
                 count(*) FILTER (WHERE x.risk_weight > 0) AS affected_count, sum(x.risk_weight) AS weight_sum
            FROM old_answers x JOIN risk_assessment_result r ON r.uuid = x.result_uuid
           GROUP BY r.assignment_uuid, x.question_key) o
   WHERE t.assignment_uuid = o.assignment_uuid AND t.question_key = o.question_key;
  DELETE FROM risk_assessment_answer_tally WHERE analysis_count <= 0;
  RETURN NULL;
END $$;

CREATE TRIGGER risk_answer_tally_insert AFTER INSERT ON risk_assessment_result_answer
  REFERENCING NEW TABLE AS new_answers FOR EACH STATEMENT EXECUTE FUNCTION risk_answer_tally_add();
CREATE TRIGGER risk_answer_tally_delete AFTER DELETE ON risk_assessment_result_answer
  REFERENCING OLD TABLE AS old_answers FOR EACH STATEMENT EXECUTE FUNCTION risk_answer_tally_remove();
CREATE TRIGGER risk_answer_tally_delete_result BEFORE DELETE ON risk_assessment_result
  FOR EACH ROW EXECUTE FUNCTION risk_answer_tally_remove_result();

-- Answers stored before this migration.
INSERT INTO risk_assessment_answer_tally (assignment_uuid, question_key, analysis_count, affected_count, weight_sum,
                                          group_key, hazard_factor_group, load, source, target, measures)
SELECT r.assignment_uuid, a.question_key, count(*), count(*) FILTER (WHERE a.risk_weight > 0), sum(a.risk_weight),
       min(a.group_key), min(a.hazard_factor_group), (array_agg(a.load))[1], (array_agg(a.source))[1],
       (array_agg(a.target))[1], (array_agg(a.measures))[1]
  FROM risk_assessment_result_answer a JOIN risk_assessment_result r ON r.uuid = a.result_uuid
 GROUP BY r.assignment_uuid, a.question_key;
