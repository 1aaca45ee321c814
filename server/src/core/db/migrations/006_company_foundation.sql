-- The company area's shared ground: the audit trail, the default org unit's membership, the bulk reset date.
-- Area modules add their own migrations after this one (007 members, 008 org units and groups, 009 locations and
-- company settings, 010 member import).

-- Every change made by an administrator or a customer adviser: who, when, what, before and after. member_uuid names
-- the member a change concerns (shown as that member's history); entity_* name what was changed.
CREATE TABLE audit_entry (
  id bigserial PRIMARY KEY,
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  actor_member_uuid uuid,
  actor_name text NOT NULL,
  support_adviser text,
  action text NOT NULL,
  entity_type text NOT NULL CHECK (entity_type IN ('member', 'member-group', 'org-unit', 'location', 'client', 'member-import')),
  entity_uuid uuid,
  member_uuid uuid,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_entry_member ON audit_entry (client_uuid, member_uuid, id) WHERE member_uuid IS NOT NULL;
CREATE INDEX audit_entry_entity ON audit_entry (client_uuid, entity_type, entity_uuid, id);

-- The default org unit contains every member of its client that is not archived, new members included: its
-- membership is derived, never stored. Stored rows of other units survive an archive, so that restoring a member
-- brings the assignments back; the view hides archived members everywhere. Read org unit members through this view.
DELETE FROM org_unit_member om USING org_unit o WHERE o.uuid = om.org_unit_uuid AND o.is_default;
CREATE UNIQUE INDEX org_unit_single_default ON org_unit (client_uuid) WHERE is_default;
CREATE VIEW org_unit_membership AS
  SELECT om.org_unit_uuid, om.member_uuid
    FROM org_unit_member om
    JOIN org_unit o ON o.uuid = om.org_unit_uuid
    JOIN member m ON m.uuid = om.member_uuid
   WHERE NOT o.is_default AND m.archived_at IS NULL
  UNION ALL
  SELECT o.uuid, m.uuid
    FROM org_unit o
    JOIN member m ON m.client_uuid = o.client_uuid
   WHERE o.is_default AND m.archived_at IS NULL;

-- Bulk password reset of the client's members: once per 10 minutes per client (Client.InvalidLastResetDate).
ALTER TABLE client ADD COLUMN last_bulk_password_reset_at timestamptz;

-- A member deleted for good keeps an anonymous row (no names, contact or address), so that completed trainings
-- and analyses, which must survive for compliance, still point somewhere.
ALTER TABLE member ADD COLUMN deleted_at timestamptz;
