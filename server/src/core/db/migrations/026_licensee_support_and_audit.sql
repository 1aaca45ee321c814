-- Support advisers enter a client from the licensee console (a support session under their own name, time-limited),
-- and the console's audit: every change a licensee's staff make, with who, when, before and after.

-- One support session opened from the console: the licensee sees its advisers' sessions; the client's support audit
-- (support_audit_log) names the adviser as always. It outlives the session row (sign-out deletes that).
CREATE TABLE licensee_support_session (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  staff_uuid uuid NOT NULL REFERENCES licensee_staff (uuid),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  adviser text NOT NULL,
  reason text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX licensee_support_session_list ON licensee_support_session (licensee_uuid, started_at DESC, uuid);

-- A support session's calls, counted per console session; NULL for the command line's support links.
ALTER TABLE session ADD COLUMN support_session_uuid uuid REFERENCES licensee_support_session (uuid);
ALTER TABLE support_audit_log ADD COLUMN support_session_uuid uuid REFERENCES licensee_support_session (uuid);
CREATE INDEX support_audit_log_support_session ON support_audit_log (support_session_uuid)
  WHERE support_session_uuid IS NOT NULL;

-- The console's audit: what a staff member changed (action), on which client, the values before and after.
-- staff_name keeps the name as it was at the time.
CREATE TABLE licensee_audit_log (
  id bigserial PRIMARY KEY,
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  staff_uuid uuid NOT NULL REFERENCES licensee_staff (uuid),
  staff_name text NOT NULL,
  action text NOT NULL,
  client_uuid uuid REFERENCES client (uuid),
  client_identifier text,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licensee_audit_log_list ON licensee_audit_log (licensee_uuid, id DESC);
CREATE INDEX licensee_audit_log_action ON licensee_audit_log (licensee_uuid, action, id DESC);
