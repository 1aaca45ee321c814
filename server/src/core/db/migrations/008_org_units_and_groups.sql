-- Org units and member groups.

-- The tree is read with one recursive query that walks parent -> children, and a delete checks for children.
CREATE INDEX org_unit_parent ON org_unit (parent_uuid);

-- Risk assessment work done for a unit survives the unit: the reference becomes empty instead of blocking the delete.
ALTER TABLE risk_assessment_member_task DROP CONSTRAINT risk_assessment_member_task_org_unit_uuid_fkey;
ALTER TABLE risk_assessment_member_task
  ADD CONSTRAINT risk_assessment_member_task_org_unit_uuid_fkey FOREIGN KEY (org_unit_uuid) REFERENCES org_unit (uuid) ON DELETE SET NULL;

-- A member's groups (history, delete of a member) and the list's filter by type.
CREATE INDEX member_group_member_member ON member_group_member (member_uuid);
CREATE INDEX member_group_client_type ON member_group (client_uuid, type, name);

-- Names tell units and groups apart in every picker: two groups of a client, or two units under one parent, never
-- share a name (MemberGroup.IdExists, OrgUnit.IdExists), whatever the letter case.
CREATE UNIQUE INDEX member_group_unique_name ON member_group (client_uuid, lower(name));
CREATE UNIQUE INDEX org_unit_unique_sibling_name ON org_unit (client_uuid, parent_uuid, lower(name));
