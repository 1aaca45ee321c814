-- Single sign-on with OpenID Connect per client (docs/single-sign-on.md). One row per client that has configured a
-- provider; no row: password sign-in only, exactly as before. The client secret is encrypted with the deployment's
-- SECRETS_KEY (core/secrets): the database alone never reveals it.
CREATE TABLE client_sso (
  client_uuid uuid PRIMARY KEY REFERENCES client (uuid) ON DELETE CASCADE,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret_encrypted text NOT NULL,
  -- What the sign-in page's button says: "Mit <provider_name> anmelden".
  provider_name text NOT NULL,
  -- 'password': the form only (SSO configured but not offered yet); 'both'; 'sso': the provider only (super-admins
  -- keep the password form as the way back in when the provider fails).
  login_mode text NOT NULL CHECK (login_mode IN ('password', 'both', 'sso')),
  -- A provider's account without a member gets one at its first sign-in (role member), when the company allows it.
  create_members boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The provider's stable subject of a member, linked at the first SSO sign-in (by a verified e-mail address).
-- The table is member_row behind the view member (migration 038): the view is made again to show the new column.
ALTER TABLE member_row ADD COLUMN sso_subject text;
CREATE UNIQUE INDEX member_sso_subject ON member_row (client_uuid, sso_subject) WHERE sso_subject IS NOT NULL;
CREATE OR REPLACE VIEW member AS
  SELECT m.* FROM member_row m
   WHERE m.import_job IS NULL OR m.import_job IN (SELECT l.job_uuid FROM member_import_landed l);

-- A sign-in that went to the provider and has not come back yet: found by the hash of its `state`, used once, ten
-- minutes at most. The PKCE verifier and the nonce never leave the server.
CREATE TABLE sso_login_request (
  state_hash text PRIMARY KEY,
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  return_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_login_request_created ON sso_login_request (created_at);

-- The ID token of a session signed in through the provider: the hint of the provider's logout (RP-initiated logout).
ALTER TABLE session ADD COLUMN sso_id_token text;
