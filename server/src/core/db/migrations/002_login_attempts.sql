-- Failed sign-ins are counted per company ID and username whether or not the account exists, so that the
-- lock-out answer (429) does not tell strangers which usernames are real.
CREATE TABLE login_attempt (
  client_identifier text NOT NULL,
  username text NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_identifier, username)
);
CREATE INDEX login_attempt_updated ON login_attempt (updated_at);
ALTER TABLE member DROP COLUMN failed_login_count;
ALTER TABLE member DROP COLUMN locked_until;
