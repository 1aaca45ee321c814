-- Member import: the import cursor (an uploaded file, parsed, kept between the wizard's steps), batch jobs
-- with the spec's progress statuses, and the welcome mails an import owes.

-- Personnel number from HR exports (IF NOT EXISTS: the members area may add the same column).
ALTER TABLE member ADD COLUMN IF NOT EXISTS personnel_number text;

-- The parsed file, for the uploading member only, until it expires (MemberImport.CursorNotFound afterwards).
-- rows: JSON array of [line, [cells...]] (one value: PGlite hands over one large value much faster than many rows).
CREATE TABLE member_import_cursor (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  filename text NOT NULL,
  encoding text NOT NULL,
  delimiter text NOT NULL,
  header_line integer NOT NULL,
  headers jsonb NOT NULL,
  row_count integer NOT NULL,
  rows text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX member_import_cursor_expiry ON member_import_cursor (expires_at);

-- Background jobs (spec section 3 "Batch progress statuses"). A job that is not finished or failed when the server
-- starts (embedded database) or whose heartbeat stopped (PostgreSQL) was left by a process that died: it is marked
-- failed (batchJobs/jobs.ts).
CREATE TABLE batch_job (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('member-import')),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'initialized', 'inProgress', 'finishedTasks', 'finished', 'failedInitializing', 'failedEnding')),
  done integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  result jsonb,
  error_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Moved by the running process; an open job whose heartbeat stopped was left by a process that died.
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX batch_job_member ON batch_job (client_uuid, member_uuid, created_at DESC);
CREATE INDEX batch_job_open ON batch_job (status) WHERE status IN ('created', 'initialized', 'inProgress', 'finishedTasks');

-- Welcome mails of imported members (password mode byEmail): written in the import's own transaction, sent after
-- it landed, each claimed before sending (sent_at), so that no member gets two and a restart sends what is left.
CREATE TABLE member_import_welcome (
  member_uuid uuid PRIMARY KEY REFERENCES member (uuid) ON DELETE CASCADE,
  job_uuid uuid NOT NULL REFERENCES batch_job (uuid) ON DELETE CASCADE,
  sent_at timestamptz
);
CREATE INDEX member_import_welcome_pending ON member_import_welcome (job_uuid) WHERE sent_at IS NULL;
