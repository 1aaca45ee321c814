-- Which release of an area whom (docs/releases.md): per area a default (no licensee, no client), overrides per
-- licensee and per client. No row: the deployment's own build (/remotes/<area>/). `release_id` names a folder of the
-- release store or 'bundled' (the deployment's build, chosen explicitly over a default release). Read at every page
-- load, so a change (a rollback too) reaches the next page load on every instance.
CREATE TABLE area_release (
  area text NOT NULL,
  licensee_uuid uuid REFERENCES licensee (uuid) ON DELETE CASCADE,
  client_uuid uuid REFERENCES client (uuid) ON DELETE CASCADE,
  release_id text NOT NULL,
  chosen_at timestamptz NOT NULL DEFAULT now(),
  -- Who chose it: a licensee staff member's username, or 'operator' for the command line.
  chosen_by text NOT NULL,
  CHECK (licensee_uuid IS NULL OR client_uuid IS NULL)
);
CREATE UNIQUE INDEX area_release_scope ON area_release (area, licensee_uuid, client_uuid) NULLS NOT DISTINCT;
CREATE INDEX area_release_licensee ON area_release (licensee_uuid) WHERE licensee_uuid IS NOT NULL;
CREATE INDEX area_release_client ON area_release (client_uuid) WHERE client_uuid IS NOT NULL;
