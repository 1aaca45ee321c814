-- Start page, templates and reminders.

-- Templates (apps/templates): documents the licensee provides to all its clients (client_uuid NULL) and those a
-- client provides itself. The content lives in `file` (context 'template'); the row says whose it is.
CREATE TABLE template (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  licensee_uuid uuid REFERENCES licensee (uuid) ON DELETE CASCADE,
  client_uuid uuid REFERENCES client (uuid) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('operating-instructions', 'forms', 'checklists', 'notices', 'other')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  file_uuid uuid NOT NULL REFERENCES file (uuid) ON DELETE CASCADE,
  size_bytes integer NOT NULL,
  uploaded_by_member_uuid uuid REFERENCES member (uuid) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((licensee_uuid IS NULL) <> (client_uuid IS NULL))
);
-- The list reads a client's own and its licensee's templates by category and title.
CREATE INDEX template_client ON template (client_uuid, category, lower(title)) WHERE client_uuid IS NOT NULL;
CREATE INDEX template_licensee ON template (licensee_uuid, category, lower(title)) WHERE licensee_uuid IS NOT NULL;

-- The member's choice in the profile's settings tab: reminder e-mails on (default) or off.
ALTER TABLE member ADD COLUMN reminder_mails boolean NOT NULL DEFAULT true;

-- One row per reminder mail: the primary key is the claim. An instance inserts the rows it will send with
-- ON CONFLICT DO NOTHING, so two instances never send the same mail; sent_at is set once the mail went out. A claim
-- that was never sent (the instance died, the mail server refused) is taken over after a while (see scheduler.ts).
-- occasion: the due date the mail is about (a new due date is a new occasion), or the Monday of a digest's week.
CREATE TABLE reminder_delivery (
  kind text NOT NULL CHECK (kind IN ('elearning', 'risk-assessment', 'risk-action', 'digest')),
  event text NOT NULL CHECK (event IN ('due-soon', 'overdue', 'weekly')),
  member_uuid uuid NOT NULL REFERENCES member (uuid) ON DELETE CASCADE,
  subject_uuid uuid NOT NULL,
  occasion date NOT NULL,
  client_uuid uuid NOT NULL REFERENCES client (uuid) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  claim_token uuid NOT NULL,
  sent_at timestamptz,
  PRIMARY KEY (kind, event, member_uuid, subject_uuid, occasion)
);
CREATE INDEX reminder_delivery_unsent ON reminder_delivery (claimed_at) WHERE sent_at IS NULL;
CREATE INDEX reminder_delivery_claim ON reminder_delivery (claim_token);

-- The reminder run reads open tasks by due date over all clients.
CREATE INDEX elearning_task_open_due ON elearning_task (due_date) WHERE completed_at IS NULL AND reset_at IS NULL;
CREATE INDEX risk_assessment_member_task_open_due ON risk_assessment_member_task (due_date) WHERE completed_at IS NULL;
