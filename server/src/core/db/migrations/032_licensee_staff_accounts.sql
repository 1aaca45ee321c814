-- Licensee staff (migration 024) get what the members' accounts have: welcome and reset links by mail and the
-- password history, in the members' tables (auth/passwordReset.ts serves both kinds of account); and support
-- sessions opened from the console can be ended early, by the adviser (support banner) or a licensee admin.

-- A token or an old password belongs either to a member or to a licensee staff member.
ALTER TABLE password_reset_token ALTER COLUMN member_uuid DROP NOT NULL;
ALTER TABLE password_reset_token ADD COLUMN staff_uuid uuid REFERENCES licensee_staff (uuid) ON DELETE CASCADE;
ALTER TABLE password_reset_token ADD CONSTRAINT password_reset_token_owner
  CHECK ((member_uuid IS NULL) <> (staff_uuid IS NULL));
CREATE INDEX password_reset_token_staff ON password_reset_token (staff_uuid, created_at) WHERE staff_uuid IS NOT NULL;

ALTER TABLE password_history ALTER COLUMN member_uuid DROP NOT NULL;
ALTER TABLE password_history ADD COLUMN staff_uuid uuid REFERENCES licensee_staff (uuid) ON DELETE CASCADE;
ALTER TABLE password_history ADD CONSTRAINT password_history_owner CHECK ((member_uuid IS NULL) <> (staff_uuid IS NULL));
CREATE INDEX password_history_staff ON password_history (staff_uuid, id) WHERE staff_uuid IS NOT NULL;

-- The console's staff list, sorted by name or username per licensee.
CREATE INDEX licensee_staff_name ON licensee_staff (licensee_uuid, lower(last_name), lower(first_name), uuid);

-- A support session ended before its fixed end: when, and by whom (the adviser or a licensee admin; the name as it
-- was then). NULL: it ran until expires_at (or runs still).
ALTER TABLE licensee_support_session ADD COLUMN ended_at timestamptz;
ALTER TABLE licensee_support_session ADD COLUMN ended_by_staff_uuid uuid REFERENCES licensee_staff (uuid);
ALTER TABLE licensee_support_session ADD COLUMN ended_by text;
-- Ending one: its member sessions are deleted at once (the next call answers 401).
CREATE INDEX session_support_session ON session (support_session_uuid) WHERE support_session_uuid IS NOT NULL;
