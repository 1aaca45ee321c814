-- SCIM 2.0 provisioning per client (docs/scim.md): a directory (Entra ID, Okta) creates, changes and archives the
-- client's members and keeps group memberships, with a bearer token the super-admin creates and can revoke. Tokens
-- are kept as hashes only: the token itself is shown once, when it is created.
CREATE TABLE scim_token (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  label text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_by_member_uuid uuid,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX scim_token_client ON scim_token (client_uuid, created_at);

-- What the directory's groups are in the dashboard: member groups (matched by name) or org units (below the root).
ALTER TABLE client ADD COLUMN scim_group_target text NOT NULL DEFAULT 'org-units'
  CHECK (scim_group_target IN ('org-units', 'member-groups'));

-- The directory's own id of a member (SCIM externalId), so that it can find its users again by it.
ALTER TABLE member_row ADD COLUMN scim_external_id text;
CREATE INDEX member_scim_external_id ON member_row (client_uuid, scim_external_id) WHERE scim_external_id IS NOT NULL;
CREATE OR REPLACE VIEW member AS
  SELECT m.* FROM member_row m
   WHERE m.import_job IS NULL OR m.import_job IN (SELECT l.job_uuid FROM member_import_landed l);
