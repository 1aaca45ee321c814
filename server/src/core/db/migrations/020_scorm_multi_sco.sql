-- Multi-SCO packages (docs/scorm.md "Several SCOs"): a package keeps the launchable items of its manifest
-- (the default organization's items in manifest order, nested ones depth first), and each SCO of an execution keeps
-- its own cmi tree, commit number, statuses, score and time. The execution's status columns become the attempt's
-- (done when every SCO is done, the score the average of the scored SCOs).

-- [{ "id": item identifier, "title", "launchPath": relative to the package root with its query, "sco": boolean }];
-- written once at upload (a package never changes). Packages from before: their one launch file as one SCO.
ALTER TABLE elearning_package ADD COLUMN items jsonb;
UPDATE elearning_package
   SET items = jsonb_build_array(jsonb_build_object('id', 'SCO', 'title', title, 'launchPath', launch_path, 'sco', true));
ALTER TABLE elearning_package ALTER COLUMN items SET NOT NULL;
ALTER TABLE elearning_package ADD CONSTRAINT elearning_package_items_list
  CHECK (jsonb_typeof(items) = 'array' AND jsonb_array_length(items) > 0);

-- One SCO of an execution, written by its commits (a row appears with the SCO's first commit). sequence: the highest
-- commit applied for this SCO (older or repeated commits of it are ignored); completed_at: the first commit that was
-- done (never undone, like the execution's).
CREATE TABLE elearning_execution_sco (
  execution_uuid uuid NOT NULL REFERENCES elearning_execution (uuid) ON DELETE CASCADE,
  sco_id text NOT NULL CHECK (length(sco_id) BETWEEN 1 AND 200),
  cmi jsonb NOT NULL DEFAULT '{}',
  sequence bigint NOT NULL DEFAULT 0,
  completion_status text,
  success_status text,
  score_percent numeric(6, 2),
  total_time_seconds integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (execution_uuid, sco_id)
);

-- Executions from before hold the tree of their package's one SCO.
INSERT INTO elearning_execution_sco (execution_uuid, sco_id, cmi, sequence, completion_status, success_status,
                                     score_percent, total_time_seconds, updated_at, completed_at)
SELECT x.uuid, p.items -> 0 ->> 'id', x.cmi, x.sequence, x.completion_status, x.success_status, x.score_percent,
       x.total_time_seconds, x.updated_at, x.completed_at
  FROM elearning_execution x JOIN elearning_package p ON p.uuid = x.package_uuid
 WHERE x.sequence > 0;

-- The SCO of the execution's latest applied commit: where the player resumes.
ALTER TABLE elearning_execution ADD COLUMN current_sco text;
UPDATE elearning_execution x SET current_sco = p.items -> 0 ->> 'id'
  FROM elearning_package p WHERE p.uuid = x.package_uuid AND x.sequence > 0;

ALTER TABLE elearning_execution DROP COLUMN cmi;
ALTER TABLE elearning_execution DROP COLUMN sequence;
