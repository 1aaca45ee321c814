-- Reminder mails for instructions not signed yet (docs/instructions.md): a kind of their own, due on the
-- instruction's confirm-by day, like the e-learnings' tasks.
ALTER TABLE reminder_delivery DROP CONSTRAINT reminder_delivery_kind_check;
ALTER TABLE reminder_delivery ADD CONSTRAINT reminder_delivery_kind_check
  CHECK (kind IN ('elearning', 'risk-assessment', 'risk-action', 'risk-action-check', 'instruction', 'digest'));
-- The reminder run reads the unsigned rows of every client by due day.
CREATE INDEX instruction_attendance_open_due ON instruction_attendance (due_date) WHERE confirmed_at IS NULL;
