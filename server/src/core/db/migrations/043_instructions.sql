-- Instruction records (Unterweisungsnachweis, § 12 ArbSchG, § 4 DGUV Vorschrift 1; docs/instructions.md): an
-- administrator records an on-site instruction for a member group, a location or an org unit; every member of the
-- target at that moment gets an attendance row, which he confirms with a drawn signature. The target's name and the
-- members' names are kept as they were, so that the record still reads right after a rename or an archive.
CREATE TABLE instruction (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  title text NOT NULL,
  held_on date NOT NULL,
  instructor_name text NOT NULL,
  instructor_member_uuid uuid REFERENCES member_row (uuid) ON DELETE SET NULL,
  target_type text NOT NULL CHECK (target_type IN ('member-group', 'location', 'org-unit')),
  target_uuid uuid NOT NULL,
  target_name text NOT NULL,
  repeat_interval_months integer NOT NULL DEFAULT 12 CHECK (repeat_interval_months BETWEEN 1 AND 60),
  -- An absent member's task is due this day (the instruction day plus a short grace).
  confirm_by date NOT NULL,
  -- Kept with every confirmation (same transaction), so that the list never counts attendance rows per line.
  attendee_count integer NOT NULL DEFAULT 0,
  confirmed_count integer NOT NULL DEFAULT 0,
  created_by_member_uuid uuid REFERENCES member_row (uuid) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The administrators' list sorts and pages in the database: one index per sort key, all led by the client.
CREATE INDEX instruction_list_held_on ON instruction (client_uuid, held_on, uuid);
CREATE INDEX instruction_list_title ON instruction (client_uuid, lower(title), uuid);
CREATE INDEX instruction_list_target ON instruction (client_uuid, lower(target_name), uuid);

-- Documents handed out with the instruction: the client's (or its licensee's) templates, title kept as it was.
CREATE TABLE instruction_document (
  instruction_uuid uuid NOT NULL REFERENCES instruction (uuid) ON DELETE CASCADE,
  template_uuid uuid NOT NULL,
  title text NOT NULL,
  PRIMARY KEY (instruction_uuid, template_uuid)
);

-- One member of the target: confirms with a signature (PNG, checked by the server) on the instructor's device or
-- on his own. Unconfirmed rows are the member's open tasks (due_date); a confirmed one makes the next instruction on
-- the topic due `repeat_interval_months` after the confirmation day.
CREATE TABLE instruction_attendance (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  instruction_uuid uuid NOT NULL REFERENCES instruction (uuid) ON DELETE CASCADE,
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  member_uuid uuid NOT NULL REFERENCES member_row (uuid) ON DELETE CASCADE,
  member_name text NOT NULL,
  due_date date NOT NULL,
  confirmed_at timestamptz,
  signed_on text CHECK (signed_on IN ('instructor-device', 'own-device')),
  signature_png bytea,
  next_due_date date,
  UNIQUE (instruction_uuid, member_uuid),
  CHECK ((confirmed_at IS NULL) = (signature_png IS NULL))
);
CREATE INDEX instruction_attendance_instruction ON instruction_attendance (instruction_uuid, member_name);
-- "My instructions" and the start page read one member's rows.
CREATE INDEX instruction_attendance_member ON instruction_attendance (member_uuid, due_date);

ALTER TABLE audit_entry DROP CONSTRAINT IF EXISTS audit_entry_entity_type_check;
ALTER TABLE audit_entry ADD CONSTRAINT audit_entry_entity_type_check CHECK (entity_type IN ('member', 'member-group', 'org-unit', 'location', 'client', 'member-import', 'elearning', 'risk-assessment', 'instruction'));
