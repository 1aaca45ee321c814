-- Data versions: counters the database moves at the commit of every change of what they follow,
-- whoever writes, so that an answer read at a version can be kept until the version moves (VersionedCache). Each
-- counter is a row of data_version, named by a scope and a key:
--   company / client uuid: the client's members and structure (org units with their members and admins, locations
--     and member groups with theirs). It grows out of the member list version of migration 005, which followed
--     members and location members only; the org-unit tree, the lists filtered by unit and the lists of ou- and
--     loc-admins depend on the rest and can be kept now as well. Read with the session (modules/auth/sessions.ts).
--   elearning-statistics / e-learning uuid: what the e-learning's analytics show of its members' attempts (the
--     summary rows of migration 016) and the e-learning's own settings.
--
-- The member list version moved in the statement that changed a member, so the client row stayed locked from there
-- to the commit, and one client's member creates took turns for their whole work (a create at 20 connections: p95
-- 860 ms). Now a statement only notes its transaction, scope and key in data_change (a row no other transaction
-- writes: no waiting), and the counter moves once per transaction at the commit through the deferred trigger below:
-- a version row is locked for the commit alone. The notes leave the table in the same commit.
CREATE TABLE data_change (
  scope text NOT NULL,
  key uuid NOT NULL,
  txid bigint NOT NULL,
  PRIMARY KEY (scope, key, txid)
);

CREATE TABLE data_version (
  scope text NOT NULL,
  key uuid NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (scope, key)
);

INSERT INTO data_version (scope, key, version) SELECT 'company', uuid, member_list_version FROM client;

DROP TRIGGER member_list_insert ON member;
DROP TRIGGER member_list_update ON member;
DROP TRIGGER member_list_delete ON member;
DROP FUNCTION member_list_changed();
DROP TRIGGER location_members_insert ON location_member;
DROP TRIGGER location_members_update ON location_member;
DROP TRIGGER location_members_delete ON location_member;
DROP FUNCTION location_members_changed();
ALTER TABLE client DROP COLUMN member_list_version;

CREATE FUNCTION data_change_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_version AS v (scope, key, version) VALUES (NEW.scope, NEW.key, 1)
  ON CONFLICT (scope, key) DO UPDATE SET version = v.version + 1;
  DELETE FROM data_change WHERE scope = NEW.scope AND key = NEW.key AND txid = NEW.txid;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER data_change_commit AFTER INSERT ON data_change DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION data_change_commit();

-- Statement-level noting: a bulk insert of 10,000 rows notes its client once. Tables with a client column note it
-- directly; link tables find it through their member (their unit, location or group may be gone already when a
-- cascade deletes them, and its own deletion has noted the client then).
CREATE FUNCTION company_changed_by_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'company', client_uuid, txid_current() FROM changed_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION company_changed_by_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'company', m.client_uuid, txid_current() FROM changed_rows c JOIN member m ON m.uuid = c.member_uuid
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A member's own settings that no kept answer shows (password, theme, language, reminder mails: the profile and the
-- sign-in change them all day) leave the version alone; any other column counts.
CREATE FUNCTION company_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'company', n.client_uuid, txid_current()
    FROM changed_rows n JOIN old_rows o ON o.uuid = n.uuid
   WHERE to_jsonb(n) - '{password_hash,theme,language,reminder_mails}'::text[]
         IS DISTINCT FROM to_jsonb(o) - '{password_hash,theme,language,reminder_mails}'::text[]
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER company_member_insert AFTER INSERT ON member REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_changed_by_client();
CREATE TRIGGER company_member_update AFTER UPDATE ON member REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION company_member_changed();
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

-- The e-learning's analytics: its members' summary rows (kept by the triggers of migration 016 in the statement that
-- changes an attempt or a member's archived state) and the e-learning's own row (active, activation dates).
--   elearning-catalog / client uuid: the client's catalogue (titles, language versions, states, and the assigned and
--     completed counts that come from the same summary rows).
CREATE FUNCTION elearning_statistics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'elearning-statistics', elearning_uuid, txid_current() FROM changed_rows
  UNION SELECT DISTINCT 'elearning-catalog', client_uuid, txid_current() FROM changed_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION elearning_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'elearning-statistics', uuid, txid_current() FROM changed_rows
  UNION SELECT DISTINCT 'elearning-catalog', client_uuid, txid_current() FROM changed_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION elearning_language_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'elearning-catalog', e.client_uuid, txid_current()
    FROM changed_rows c JOIN elearning e ON e.uuid = c.elearning_uuid
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER elearning_statistics_insert AFTER INSERT ON elearning_member_summary
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_statistics_changed();
CREATE TRIGGER elearning_statistics_update AFTER UPDATE ON elearning_member_summary
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_statistics_changed();
CREATE TRIGGER elearning_statistics_delete AFTER DELETE ON elearning_member_summary
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_statistics_changed();
CREATE TRIGGER elearning_version_insert AFTER INSERT ON elearning
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_changed();
CREATE TRIGGER elearning_version_update AFTER UPDATE ON elearning
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_changed();
CREATE TRIGGER elearning_version_delete AFTER DELETE ON elearning
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_changed();
CREATE TRIGGER elearning_language_version_insert AFTER INSERT ON elearning_language
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_language_changed();
CREATE TRIGGER elearning_language_version_update AFTER UPDATE ON elearning_language
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_language_changed();
CREATE TRIGGER elearning_language_version_delete AFTER DELETE ON elearning_language
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION elearning_language_changed();

--   risk-tasks / client uuid: the client's members' analyses, its risk assessments, their assignments and their
--     evaluations (what "my analyses", the start page's counts, the catalogue and the evaluation list show).
CREATE FUNCTION risk_tasks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'risk-tasks', client_uuid, txid_current() FROM changed_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER risk_tasks_member_task_insert AFTER INSERT ON risk_assessment_member_task
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_member_task_update AFTER UPDATE ON risk_assessment_member_task
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_member_task_delete AFTER DELETE ON risk_assessment_member_task
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_task_insert AFTER INSERT ON risk_assessment_task
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_task_update AFTER UPDATE ON risk_assessment_task
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_task_delete AFTER DELETE ON risk_assessment_task
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_evaluation_insert AFTER INSERT ON risk_assessment_evaluation
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_evaluation_update AFTER UPDATE ON risk_assessment_evaluation
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_evaluation_delete AFTER DELETE ON risk_assessment_evaluation
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_assignment_insert AFTER INSERT ON risk_assessment_assignment
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_assignment_update AFTER UPDATE ON risk_assessment_assignment
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
CREATE TRIGGER risk_tasks_assignment_delete AFTER DELETE ON risk_assessment_assignment
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_tasks_changed();
