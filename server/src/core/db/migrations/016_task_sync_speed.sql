-- Speed of the membership-driven tasks and of the e-learning analytics.

-- One row per member and e-learning: what the analytics need of the member's attempts (issue 13's statuses), kept
-- by the triggers below in the same statement as every change of elearning_task or of a member's archived state,
-- whichever code makes it (task sync, completion, reset, the player). The analytics page then reads one row per
-- member instead of aggregating every attempt of the e-learning on each request.
CREATE TABLE elearning_member_summary (
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  archived boolean NOT NULL,
  last_completed_at timestamptz,
  completed_count int NOT NULL,
  has_open boolean NOT NULL,
  open_due date,
  open_started boolean NOT NULL,
  open_repeat boolean NOT NULL,
  PRIMARY KEY (elearning_uuid, member_uuid)
);
CREATE INDEX elearning_member_summary_member ON elearning_member_summary (member_uuid);

-- Recomputes the summary of the (e-learning, member) pairs a statement touched: set-based, one pass for an
-- assignment of 10,000 members. `changed_rows` is the statement's transition table (new rows; old rows on delete).
CREATE FUNCTION elearning_member_summary_refresh() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM elearning_member_summary s USING (SELECT DISTINCT elearning_uuid, member_uuid FROM changed_rows) k WHERE s.elearning_uuid = k.elearning_uuid AND s.member_uuid = k.member_uuid AND NOT EXISTS (SELECT 1 FROM elearning_task t WHERE t.elearning_uuid = k.elearning_uuid AND t.member_uuid = k.member_uuid); INSERT INTO elearning_member_summary (elearning_uuid, member_uuid, client_uuid, archived, last_completed_at, completed_count, has_open, open_due, open_started, open_repeat) SELECT t.elearning_uuid, t.member_uuid, m.client_uuid, m.archived_at IS NOT NULL, max(t.completed_at), (count(*) FILTER (WHERE t.completed_at IS NOT NULL))::int, coalesce(bool_or(t.completed_at IS NULL AND t.reset_at IS NULL), false), max(t.due_date) FILTER (WHERE t.completed_at IS NULL AND t.reset_at IS NULL), coalesce(bool_or(t.started_at IS NOT NULL) FILTER (WHERE t.completed_at IS NULL AND t.reset_at IS NULL), false), coalesce(bool_or(t.origin = 'repeat') FILTER (WHERE t.completed_at IS NULL AND t.reset_at IS NULL), false) FROM (SELECT DISTINCT elearning_uuid, member_uuid FROM changed_rows) k JOIN elearning_task t ON t.elearning_uuid = k.elearning_uuid AND t.member_uuid = k.member_uuid JOIN member m ON m.uuid = t.member_uuid GROUP BY t.elearning_uuid, t.member_uuid, m.client_uuid, m.archived_at ON CONFLICT (elearning_uuid, member_uuid) DO UPDATE SET archived = EXCLUDED.archived, last_completed_at = EXCLUDED.last_completed_at, completed_count = EXCLUDED.completed_count, has_open = EXCLUDED.has_open, open_due = EXCLUDED.open_due, open_started = EXCLUDED.open_started, open_repeat = EXCLUDED.open_repeat; RETURN NULL; END $$;

CREATE TRIGGER elearning_member_summary_insert AFTER INSERT ON elearning_task
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_member_summary_refresh();
CREATE TRIGGER elearning_member_summary_update AFTER UPDATE ON elearning_task
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_member_summary_refresh();
CREATE TRIGGER elearning_member_summary_delete AFTER DELETE ON elearning_task
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_member_summary_refresh();

-- Archive and restore move members out of and back into the analytics (rules 8 and 9).
CREATE FUNCTION elearning_member_summary_archived() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE elearning_member_summary s SET archived = n.archived_at IS NOT NULL FROM changed_members n WHERE s.member_uuid = n.uuid AND s.archived IS DISTINCT FROM (n.archived_at IS NOT NULL); RETURN NULL; END $$;
CREATE TRIGGER elearning_member_summary_member AFTER UPDATE ON member
  REFERENCING NEW TABLE AS changed_members FOR EACH STATEMENT EXECUTE FUNCTION elearning_member_summary_archived();

INSERT INTO elearning_member_summary (elearning_uuid, member_uuid, client_uuid, archived, last_completed_at, completed_count, has_open, open_due, open_started, open_repeat)
  SELECT t.elearning_uuid, t.member_uuid, m.client_uuid, m.archived_at IS NOT NULL, max(t.completed_at),
         (count(*) FILTER (WHERE t.completed_at IS NOT NULL))::int,
         coalesce(bool_or(t.completed_at IS NULL AND t.reset_at IS NULL), false),
         max(t.due_date) FILTER (WHERE t.completed_at IS NULL AND t.reset_at IS NULL),
         coalesce(bool_or(t.started_at IS NOT NULL) FILTER (WHERE t.completed_at IS NULL AND t.reset_at IS NULL), false),
         coalesce(bool_or(t.origin = 'repeat') FILTER (WHERE t.completed_at IS NULL AND t.reset_at IS NULL), false)
    FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
   GROUP BY t.elearning_uuid, t.member_uuid, m.client_uuid, m.archived_at;

-- The page of one e-learning's analytics: the e-learning's rows of one client, not archived.
CREATE INDEX elearning_member_summary_page ON elearning_member_summary (elearning_uuid, client_uuid) WHERE NOT archived;
