-- The e-learning player: SCORM packages unpacked into the database, executions (one run of a member at
-- a task, resumable from the whole cmi tree) and results (a completed execution, the certificate's data). The rules
-- are in docs/scorm.md.

-- A package uploaded to an e-learning. The newest one is the e-learning's course (elearning.package_uuid); older
-- ones stay while executions started on them still run.
CREATE TABLE elearning_package (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  scorm_version text NOT NULL CHECK (scorm_version IN ('1.2', '2004')),
  -- The launch file relative to the package root, with its query string (from imsmanifest.xml).
  launch_path text NOT NULL CHECK (length(launch_path) BETWEEN 1 AND 2000),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  language text CHECK (language IN ('de_DE', 'en_GB')),
  file_count integer NOT NULL,
  unpacked_bytes bigint NOT NULL,
  uploaded_by uuid REFERENCES member (uuid) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elearning_package_elearning ON elearning_package (elearning_uuid, created_at DESC);
CREATE INDEX elearning_package_client ON elearning_package (client_uuid);

ALTER TABLE elearning ADD COLUMN package_uuid uuid REFERENCES elearning_package (uuid) ON DELETE SET NULL;

-- The files of a package, the only paths the course route serves. Stored uncompressed outside the row (EXTERNAL) so
-- that a range request reads only its slice (media files are compressed already).
CREATE TABLE elearning_package_file (
  package_uuid uuid NOT NULL REFERENCES elearning_package (uuid) ON DELETE CASCADE,
  path text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (package_uuid, path)
);
ALTER TABLE elearning_package_file ALTER COLUMN content SET STORAGE EXTERNAL;

-- One run of a member at a task. cmi: the whole SCORM data tree as the runtime last committed it (bookmark,
-- suspend_data of any length, interactions); sequence: the highest commit applied (older or repeated commits are
-- ignored); the status columns are the cmi's, for reports. reset_at: the member started over (kept as history).
CREATE TABLE elearning_execution (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  task_uuid uuid NOT NULL REFERENCES elearning_task (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  package_uuid uuid NOT NULL REFERENCES elearning_package (uuid),
  scorm_version text NOT NULL CHECK (scorm_version IN ('1.2', '2004')),
  cmi jsonb NOT NULL DEFAULT '{}',
  sequence bigint NOT NULL DEFAULT 0,
  completion_status text,
  success_status text,
  score_percent numeric(6, 2),
  total_time_seconds integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  reset_at timestamptz
);
-- At most one running execution per task (concurrent creates cannot make two).
CREATE UNIQUE INDEX elearning_execution_one_open ON elearning_execution (task_uuid) WHERE reset_at IS NULL;
CREATE INDEX elearning_execution_member ON elearning_execution (member_uuid, created_at DESC);
CREATE INDEX elearning_execution_package ON elearning_execution (package_uuid);

-- A completed execution: what the certificate shows, fixed at completion (a later rename changes no certificate).
CREATE TABLE elearning_result (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  execution_uuid uuid NOT NULL UNIQUE REFERENCES elearning_execution (uuid) ON DELETE CASCADE,
  task_uuid uuid NOT NULL REFERENCES elearning_task (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  member_name text NOT NULL,
  course_title text NOT NULL,
  language text NOT NULL,
  completed_at timestamptz NOT NULL,
  duration_seconds integer NOT NULL,
  score_percent numeric(6, 2),
  passed boolean
);
CREATE INDEX elearning_result_member ON elearning_result (member_uuid, completed_at DESC);
CREATE INDEX elearning_result_task ON elearning_result (task_uuid);
