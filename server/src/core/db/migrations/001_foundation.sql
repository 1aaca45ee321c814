-- Licensees (resellers), their clients (companies) and the clients' members.
CREATE TABLE licensee (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL UNIQUE,
  name text NOT NULL,
  host_names text[] NOT NULL DEFAULT '{}',
  is_default boolean NOT NULL DEFAULT false,
  is_whitelabel_partner boolean NOT NULL DEFAULT false,
  mood_image_copyright text,
  theme jsonb NOT NULL,
  footer jsonb NOT NULL,
  logo_file_uuid uuid,
  mood_file_uuid uuid,
  support_chat_key text,
  notification_footer_email text,
  notification_footer_sms text,
  external_calendar_href text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX licensee_single_default ON licensee (is_default) WHERE is_default;

CREATE TABLE client (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  identifier text NOT NULL UNIQUE,
  name text NOT NULL,
  street text,
  additional text,
  postal_code text,
  city text,
  country text NOT NULL DEFAULT 'DE',
  homepage text,
  feature_elearnings boolean NOT NULL DEFAULT false,
  feature_risk_assessments boolean NOT NULL DEFAULT false,
  feature_templates boolean NOT NULL DEFAULT true,
  feature_calendar boolean NOT NULL DEFAULT false,
  support_login_allowed boolean NOT NULL DEFAULT true,
  max_members integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  username text NOT NULL,
  password_hash text,
  role text NOT NULL CHECK (role IN ('member', 'loc-admin', 'ou-admin', 'admin', 'super-admin', 'user')),
  email text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text,
  mobile_number text,
  language text NOT NULL DEFAULT 'de_DE' CHECK (language IN ('de_DE', 'en_GB')),
  theme text CHECK (theme IN ('light', 'dark')),
  special_attributes text[] NOT NULL DEFAULT '{}',
  external_company text,
  gender text NOT NULL DEFAULT 'd' CHECK (gender IN ('m', 'f', 'd')),
  birth_date date,
  street text,
  postal_code text,
  city text,
  country text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  create_elearning_tasks boolean NOT NULL DEFAULT true,
  create_risk_assessment_tasks boolean NOT NULL DEFAULT true,
  archived_at timestamptz,
  last_login_at timestamptz,
  failed_login_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_username_per_client ON member (client_uuid, username);
-- The member list sorts and pages in the database; one index per sortable column keeps deep pages cheap.
CREATE INDEX member_list_last_name ON member (client_uuid, last_name, first_name, uuid) WHERE archived_at IS NULL;
CREATE INDEX member_list_first_name ON member (client_uuid, first_name, last_name, uuid) WHERE archived_at IS NULL;
CREATE INDEX member_list_email ON member (client_uuid, email, uuid) WHERE archived_at IS NULL;
CREATE INDEX member_list_last_login ON member (client_uuid, last_login_at, uuid) WHERE archived_at IS NULL;
CREATE INDEX member_archive ON member (client_uuid, archived_at) WHERE archived_at IS NOT NULL;

-- Sessions: only a hash of the cookie value is stored.
CREATE TABLE session (
  token_hash text PRIMARY KEY,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  support_adviser text,
  support_reason text
);
CREATE INDEX session_member ON session (member_uuid);
CREATE INDEX session_expiry ON session (expires_at);

-- Uploaded and licensee files (logos, mood images, later certificates and attachments).
CREATE TABLE file (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  context text NOT NULL,
  type text NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  content bytea NOT NULL,
  client_uuid uuid REFERENCES client (uuid),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Company structure.
CREATE TABLE org_unit (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  name text NOT NULL,
  parent_uuid uuid REFERENCES org_unit (uuid),
  is_root boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX org_unit_single_root ON org_unit (client_uuid) WHERE is_root;
CREATE INDEX org_unit_client ON org_unit (client_uuid, name);

CREATE TABLE org_unit_member (
  org_unit_uuid uuid NOT NULL REFERENCES org_unit (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  PRIMARY KEY (org_unit_uuid, member_uuid)
);
CREATE INDEX org_unit_member_member ON org_unit_member (member_uuid);

CREATE TABLE org_unit_admin (
  org_unit_uuid uuid NOT NULL REFERENCES org_unit (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  PRIMARY KEY (org_unit_uuid, member_uuid)
);
CREATE INDEX org_unit_admin_member ON org_unit_admin (member_uuid);

CREATE TABLE location (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  name text NOT NULL,
  city text,
  country_code text NOT NULL DEFAULT 'DE',
  location_type text NOT NULL DEFAULT 'branch' CHECK (location_type IN ('headquarters', 'branch')),
  floor_space integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX location_client ON location (client_uuid, name);

CREATE TABLE location_member (
  location_uuid uuid NOT NULL REFERENCES location (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  responsible boolean NOT NULL DEFAULT false,
  PRIMARY KEY (location_uuid, member_uuid)
);
CREATE INDEX location_member_member ON location_member (member_uuid);

CREATE TABLE member_group (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('medical-officer', 'first-aid', 'fire-marshall', 'fire-assistent', 'health-safety-officer', 'work-council')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_group_client ON member_group (client_uuid, name);

CREATE TABLE member_group_member (
  member_group_uuid uuid NOT NULL REFERENCES member_group (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  PRIMARY KEY (member_group_uuid, member_uuid)
);

-- E-learnings: the client's catalogue and each member's tasks.
CREATE TABLE elearning (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  title text NOT NULL,
  description text,
  duration_minutes integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elearning_client ON elearning (client_uuid, title);

CREATE TABLE elearning_task (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  elearning_uuid uuid NOT NULL REFERENCES elearning (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  due_date date,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elearning_task_member ON elearning_task (member_uuid, due_date);
CREATE INDEX elearning_task_elearning ON elearning_task (elearning_uuid);

-- Risk assessments: the client's catalogue and each member's analyses.
CREATE TABLE risk_assessment_task (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  title text NOT NULL,
  type text NOT NULL,
  status text NOT NULL DEFAULT 'risksCreated' CHECK (status IN ('risksCreated', 'actionsAgreed', 'done')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_assessment_task_client ON risk_assessment_task (client_uuid, title);

CREATE TABLE risk_assessment_member_task (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid),
  task_uuid uuid NOT NULL REFERENCES risk_assessment_task (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  org_unit_uuid uuid REFERENCES org_unit (uuid),
  due_date date,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_assessment_member_task_member ON risk_assessment_member_task (member_uuid, due_date);
CREATE INDEX risk_assessment_member_task_task ON risk_assessment_member_task (task_uuid);
