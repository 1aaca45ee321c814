-- Password reset and welcome tokens: only the SHA-256 of the token is stored; a token is used once.
CREATE TABLE password_reset_token (
  token_hash text PRIMARY KEY,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'welcome')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_token_member ON password_reset_token (member_uuid, created_at);

-- Reset requests per company ID and username, whether or not the account exists (10-minute rule without
-- telling strangers which accounts are real).
CREATE TABLE password_reset_request (
  client_identifier text NOT NULL,
  username text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_identifier, username)
);

-- The last stored password hashes of each member (a new password must differ from them).
CREATE TABLE password_history (
  id bigserial PRIMARY KEY,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_member ON password_history (member_uuid, id);

-- Sliding-window rate limits (reset requests, password changes) per account and per IP address.
CREATE TABLE rate_limit_event (
  bucket text NOT NULL,
  subject text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_event_lookup ON rate_limit_event (bucket, subject, created_at);

-- Mail that was sent (SMTP) or kept for developers (outbox when SMTP_URL is unset).
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  client_uuid uuid REFERENCES client (uuid),
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  transport text NOT NULL CHECK (transport IN ('smtp', 'outbox')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Server-side secrets generated on first use (the support-link signing key when SUPPORT_LINK_SECRET is unset).
CREATE TABLE app_secret (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Support links are signed and carry their own expiry; their id is recorded when used, so each works once.
CREATE TABLE support_link_use (
  jti text PRIMARY KEY,
  used_at timestamptz NOT NULL DEFAULT now()
);

-- Every call of a support session, naming the adviser and the reason.
CREATE TABLE support_audit_log (
  id bigserial PRIMARY KEY,
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  member_uuid uuid,
  adviser text NOT NULL,
  reason text NOT NULL,
  action text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_audit_log_client ON support_audit_log (client_uuid, id);
