-- A counter per licensee that moves whenever one of its clients is added or removed, or a column its client list
-- shows, searches or sorts by changes, in the same transaction as the change, whoever writes. The licensee session
-- reads it with the session, so the console's client list can keep the licensee's clients in memory and know for
-- certain, without another query, whether they are still the database's (modules/licensee/clientList.ts).
-- Changes of other columns (the member list and company versions move on every member change) leave it alone.
ALTER TABLE licensee ADD COLUMN client_list_version bigint NOT NULL DEFAULT 0;

-- Inserts and deletes: statement-level, so that a bulk insert of 5,000 clients moves each counter once.
CREATE FUNCTION client_list_statement_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE licensee SET client_list_version = client_list_version + 1 WHERE uuid IN (SELECT DISTINCT licensee_uuid FROM changed_clients); RETURN NULL; END $$;

CREATE TRIGGER client_list_insert AFTER INSERT ON client REFERENCING NEW TABLE AS changed_clients
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_statement_changed();
CREATE TRIGGER client_list_delete AFTER DELETE ON client REFERENCING OLD TABLE AS changed_clients
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_statement_changed();

-- Updates: per row, only when a listed column changes (a trigger with transition tables cannot name columns).
CREATE FUNCTION client_list_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE licensee SET client_list_version = client_list_version + 1 WHERE uuid IN (OLD.licensee_uuid, NEW.licensee_uuid); RETURN NULL; END $$;

CREATE TRIGGER client_list_update AFTER UPDATE ON client FOR EACH ROW
  WHEN (OLD.licensee_uuid IS DISTINCT FROM NEW.licensee_uuid
     OR OLD.identifier IS DISTINCT FROM NEW.identifier
     OR OLD.name IS DISTINCT FROM NEW.name
     OR OLD.city IS DISTINCT FROM NEW.city
     OR OLD.country IS DISTINCT FROM NEW.country
     OR OLD.deactivated_at IS DISTINCT FROM NEW.deactivated_at
     OR OLD.max_members IS DISTINCT FROM NEW.max_members
     OR OLD.feature_elearnings IS DISTINCT FROM NEW.feature_elearnings
     OR OLD.feature_risk_assessments IS DISTINCT FROM NEW.feature_risk_assessments
     OR OLD.feature_templates IS DISTINCT FROM NEW.feature_templates
     OR OLD.feature_calendar IS DISTINCT FROM NEW.feature_calendar
     OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION client_list_row_changed();
