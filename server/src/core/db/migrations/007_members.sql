-- Members from hire to deletion: the archive list sorts and pages in the database (deleted members never show),
-- the org-unit and location filters of the member list start from the unit's or location's rows.
CREATE INDEX member_archive_list_last_name ON member (client_uuid, last_name, first_name, uuid)
  WHERE archived_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX member_archive_list_archived_at ON member (client_uuid, archived_at, uuid)
  WHERE archived_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX member_list_username ON member (client_uuid, username, uuid) WHERE archived_at IS NULL;
-- Bulk reset modes read the members that never signed in or have no password.
CREATE INDEX member_never_logged_in ON member (client_uuid) WHERE archived_at IS NULL AND last_login_at IS NULL;
-- Who administers what: archive and delete check responsibility for many members at once.
CREATE INDEX location_member_responsible ON location_member (member_uuid) WHERE responsible;
-- The audit trail names the actor; deleting a member scrubs the entries he made.
CREATE INDEX audit_entry_actor ON audit_entry (actor_member_uuid) WHERE actor_member_uuid IS NOT NULL;
