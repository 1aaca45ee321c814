-- The company version (issue 11): one counter per client that moves with every committed change of its members or
-- of its structure (org units, their members and admins, locations and their members, member groups and theirs),
-- whoever writes. It grows out of the member list version (migration 005), which followed members and location
-- members only; now the org-unit tree, the lists filtered by unit and the lists of ou- and loc-admins, which depend on
-- the rest, can be kept exactly for a version as well (modules/orgUnits/tree.ts, modules/members/routes.ts).
ALTER TABLE client RENAME COLUMN member_list_version TO company_version;

DROP TRIGGER member_list_insert ON member;
DROP TRIGGER member_list_update ON member;
DROP TRIGGER member_list_delete ON member;
DROP FUNCTION member_list_changed();
DROP TRIGGER location_members_insert ON location_member;
DROP TRIGGER location_members_update ON location_member;
DROP TRIGGER location_members_delete ON location_member;
DROP FUNCTION location_members_changed();

-- The old triggers updated the client row in the statement that changed a member, so the row stayed locked from
-- there to the commit, and one client's member creates took turns for their whole work (a create at 20
-- connections: p95 860 ms). Now a statement only notes its transaction and client here (a row no other transaction
-- writes: no waiting), and the counter moves once per transaction and client at the commit, through the deferred
-- trigger below: the client row is locked for the commit alone. Rows leave the table in the same commit.
CREATE TABLE company_change (
  client_uuid uuid NOT NULL,
  txid bigint NOT NULL,
  PRIMARY KEY (client_uuid, txid)
);

CREATE FUNCTION company_change_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client SET company_version = company_version + 1 WHERE uuid = NEW.client_uuid;
  DELETE FROM company_change WHERE client_uuid = NEW.client_uuid AND txid = NEW.txid;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER company_change_commit AFTER INSERT ON company_change DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION company_change_commit();

-- Statement-level noting: a bulk insert of 10,000 rows notes its client once. Tables with a client column note it
-- directly; link tables find it through their member (their unit, location or group may be gone already when a
-- cascade deletes them, and its own deletion has noted the client then).
CREATE FUNCTION company_changed_by_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_change (client_uuid, txid)
  SELECT DISTINCT client_uuid, txid_current() FROM changed_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION company_changed_by_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_change (client_uuid, txid)
  SELECT DISTINCT m.client_uuid, txid_current() FROM changed_rows c JOIN member m ON m.uuid = c.member_uuid
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER company_member_insert AFTER INSERT ON member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_member_update AFTER UPDATE ON member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_member_delete AFTER DELETE ON member REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();

CREATE TRIGGER company_org_unit_insert AFTER INSERT ON org_unit REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_org_unit_update AFTER UPDATE ON org_unit REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_org_unit_delete AFTER DELETE ON org_unit REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();

CREATE TRIGGER company_location_insert AFTER INSERT ON location REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_location_update AFTER UPDATE ON location REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_location_delete AFTER DELETE ON location REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();

CREATE TRIGGER company_member_group_insert AFTER INSERT ON member_group REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_member_group_update AFTER UPDATE ON member_group REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_member_group_delete AFTER DELETE ON member_group REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();

CREATE TRIGGER company_org_unit_member_insert AFTER INSERT ON org_unit_member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_org_unit_member_update AFTER UPDATE ON org_unit_member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_org_unit_member_delete AFTER DELETE ON org_unit_member REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();

CREATE TRIGGER company_org_unit_admin_insert AFTER INSERT ON org_unit_admin REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_org_unit_admin_update AFTER UPDATE ON org_unit_admin REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_org_unit_admin_delete AFTER DELETE ON org_unit_admin REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();

CREATE TRIGGER company_location_member_insert AFTER INSERT ON location_member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_location_member_update AFTER UPDATE ON location_member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_location_member_delete AFTER DELETE ON location_member REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();

CREATE TRIGGER company_member_group_member_insert AFTER INSERT ON member_group_member
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_member_group_member_update AFTER UPDATE ON member_group_member
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
CREATE TRIGGER company_member_group_member_delete AFTER DELETE ON member_group_member
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_member();
