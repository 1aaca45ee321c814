-- The licensee console (mf-licensee): the licensees' own staff, their sessions, and what the console changes on its
-- clients. Licensee staff are not members of a client: they sign in at /auth/licensee with the licensee's identifier,
-- and a licensee session is a row of its own table, so that a member session can never be taken for one (or the
-- other way round). Roles: licensee-admin and support-adviser (shared-core/src/permissions.ts).
CREATE TABLE licensee_staff (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  username text NOT NULL,
  password_hash text,
  role text NOT NULL CHECK (role IN ('licensee-admin', 'support-adviser')),
  email text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  language text NOT NULL DEFAULT 'de_DE' CHECK (language IN ('de_DE', 'en_GB')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX licensee_staff_username ON licensee_staff (licensee_uuid, username);

-- As table `session` (migration 001): only the SHA-256 of the cookie's token is stored; idle sessions end.
CREATE TABLE licensee_session (
  token_hash text PRIMARY KEY,
  staff_uuid uuid NOT NULL REFERENCES licensee_staff (uuid) ON DELETE CASCADE,
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX licensee_session_staff ON licensee_session (staff_uuid);
CREATE INDEX licensee_session_expiry ON licensee_session (expires_at);

-- A deactivated client keeps everything; its members cannot sign in (Login.ClientDeactivated) until it is
-- reactivated. NULL = active.
ALTER TABLE client ADD COLUMN deactivated_at timestamptz;

-- The console's client list: one licensee's clients, paged and sorted in the database by name, company ID or
-- creation date (the uuid breaks ties, as the list's ORDER BY does).
CREATE INDEX client_licensee_name ON client (licensee_uuid, lower(name), uuid);
CREATE INDEX client_licensee_identifier ON client (licensee_uuid, identifier, uuid);
CREATE INDEX client_licensee_created ON client (licensee_uuid, created_at, uuid);
