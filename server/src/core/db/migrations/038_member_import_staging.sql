-- A member import lands its new members in short steps instead of one long transaction (on the embedded database,
-- one connection, a 100,000-row import held every other call for 30 s and more; issue 29). The rows are written as
-- a hidden set, tagged with their job (`import_job`), and become visible in one short last step: the job's row in
-- member_import_landed. Everything reads members through the view `member`, which hides the rows of a job that has
-- not landed; writes go through it too (a simple view is updatable).
-- The tag stays on the row: clearing it rewrote every imported row and its dozen index entries (18 s of 100,000).
-- A landed job's row is therefore kept for good (no foreign key to batch_job, whose rows may go with their member);
-- the members whose follow-up (audit entry, mail, tasks) is still owed are listed in member_import_pending.
-- From here on the table is `member_row`: a migration that adds a column re-creates the view (`m.*` is expanded
-- when the view is created), and a foreign key or an index names `member_row`.
ALTER TABLE member RENAME TO member_row;
ALTER TABLE member_row ADD COLUMN import_job uuid;

CREATE TABLE member_import_landed (
  job_uuid uuid PRIMARY KEY,
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  actor_member_uuid uuid NOT NULL,
  support_adviser text,
  welcome_mails boolean NOT NULL,
  filename text NOT NULL,
  result jsonb NOT NULL,
  landed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_import_pending (
  member_uuid uuid PRIMARY KEY REFERENCES member_row (uuid) ON DELETE CASCADE,
  job_uuid uuid NOT NULL
);
CREATE INDEX member_import_pending_job ON member_import_pending (job_uuid);

CREATE VIEW member AS
  SELECT m.* FROM member_row m
   WHERE m.import_job IS NULL OR m.import_job IN (SELECT l.job_uuid FROM member_import_landed l);
