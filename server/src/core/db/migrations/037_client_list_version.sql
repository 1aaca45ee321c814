-- The licensee's client list version: a data_version counter (migration 019, scope 'client-list', key the
-- licensee) that moves at the commit of every change of the licensee's clients that its client list shows, searches
-- or sorts by, whoever writes. The licensee session reads it with the session, so the console's client list can keep
-- the licensee's clients in memory and know for certain, without another query, whether they are still the
-- database's (modules/licensee/clientList.ts). Changes of other client columns leave it alone.
CREATE FUNCTION client_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'client-list', licensee_uuid, txid_current() FROM changed_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION client_list_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_change (scope, key, txid)
  SELECT DISTINCT 'client-list', changed.licensee_uuid, txid_current()
    FROM changed_rows n JOIN old_rows o ON o.uuid = n.uuid,
         LATERAL (VALUES (n.licensee_uuid), (o.licensee_uuid)) AS changed (licensee_uuid)
   WHERE (n.licensee_uuid, n.identifier, n.name, n.city, n.country, n.deactivated_at, n.max_members,
          n.feature_elearnings, n.feature_risk_assessments, n.feature_templates, n.feature_calendar, n.created_at)
         IS DISTINCT FROM
         (o.licensee_uuid, o.identifier, o.name, o.city, o.country, o.deactivated_at, o.max_members,
          o.feature_elearnings, o.feature_risk_assessments, o.feature_templates, o.feature_calendar, o.created_at)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Statement-level: a bulk insert of 5,000 clients notes its licensee once.
CREATE TRIGGER client_list_insert AFTER INSERT ON client REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_changed();
CREATE TRIGGER client_list_update AFTER UPDATE ON client REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_row_changed();
CREATE TRIGGER client_list_delete AFTER DELETE ON client REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_list_changed();
