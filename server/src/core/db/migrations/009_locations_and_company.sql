-- Locations and the company configuration.

-- A location is picked by its name (member forms, filters): two locations of one client never share a name,
-- whatever the case. Also the index of the location list's default sort.
CREATE UNIQUE INDEX location_name_per_client ON location (client_uuid, lower(name));
-- The responsible members of a location (the list shows them; a loc-admin's scope looks them up by member). It
-- replaces 007's index on member_uuid alone, which it covers.
DROP INDEX location_member_responsible;
CREATE INDEX location_member_responsible ON location_member (member_uuid, location_uuid) WHERE responsible;

-- The company's own calendar link; null = the licensee's (member state's externalCalendarHref).
ALTER TABLE client ADD COLUMN external_calendar_href text;

-- Location memberships move the member list version too (migration 005), so that a cached member list filtered by
-- location stays exact. Statement-level: one bulk assignment moves it once. The member row names the client (a
-- location deleted with its rows is gone when the trigger runs).
CREATE FUNCTION location_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE client SET member_list_version = member_list_version + 1 WHERE uuid IN (SELECT DISTINCT m.client_uuid FROM member m WHERE m.uuid IN (SELECT member_uuid FROM changed_location_members)); RETURN NULL; END $$;

CREATE TRIGGER location_members_insert AFTER INSERT ON location_member REFERENCING NEW TABLE AS changed_location_members
  FOR EACH STATEMENT EXECUTE FUNCTION location_members_changed();
CREATE TRIGGER location_members_update AFTER UPDATE ON location_member REFERENCING NEW TABLE AS changed_location_members
  FOR EACH STATEMENT EXECUTE FUNCTION location_members_changed();
CREATE TRIGGER location_members_delete AFTER DELETE ON location_member REFERENCING OLD TABLE AS changed_location_members
  FOR EACH STATEMENT EXECUTE FUNCTION location_members_changed();
