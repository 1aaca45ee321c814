-- A counter per client that moves whenever any of its members is added, changed or removed, in the same
-- transaction as the change, whoever writes (any module, any server instance, a script, psql). The session lookup
-- reads it with the session, so the member list can keep the order of a filter and sort between calls and know
-- for certain, without another query, whether that order is still the database's (see modules/members/listOrder.ts).
ALTER TABLE client ADD COLUMN member_list_version bigint NOT NULL DEFAULT 0;

-- One statement-level trigger per event (transition tables allow only one event per trigger): a bulk insert of
-- 10,000 members moves the counter once, not 10,000 times. Bodies on one line: migrate.ts splits at `;` + newline.
CREATE FUNCTION member_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE client SET member_list_version = member_list_version + 1 WHERE uuid IN (SELECT DISTINCT client_uuid FROM changed_members); RETURN NULL; END $$;

CREATE TRIGGER member_list_insert AFTER INSERT ON member REFERENCING NEW TABLE AS changed_members
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_changed();
CREATE TRIGGER member_list_update AFTER UPDATE ON member REFERENCING NEW TABLE AS changed_members
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_changed();
CREATE TRIGGER member_list_delete AFTER DELETE ON member REFERENCING OLD TABLE AS changed_members
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_changed();
