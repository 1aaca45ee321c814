-- A completed e-learning counts as the instruction for its topic (docs/instructions.md "E-learning instead of a
-- signature"): an instruction may name an e-learning of the client; a member of its target who completed that
-- e-learning within the repeat interval before the instruction, or completes it later, is confirmed by it (no
-- signature; the completion day is the confirmation day).
ALTER TABLE instruction ADD COLUMN elearning_uuid uuid REFERENCES elearning (uuid) ON DELETE SET NULL;
CREATE INDEX instruction_elearning ON instruction (elearning_uuid) WHERE elearning_uuid IS NOT NULL;

ALTER TABLE instruction_attendance DROP CONSTRAINT instruction_attendance_signed_on_check;
ALTER TABLE instruction_attendance ADD CONSTRAINT instruction_attendance_signed_on_check
  CHECK (signed_on IN ('instructor-device', 'own-device', 'elearning'));
-- Confirmed means a signature, or the e-learning (which has none).
ALTER TABLE instruction_attendance DROP CONSTRAINT instruction_attendance_check;
ALTER TABLE instruction_attendance ADD CONSTRAINT instruction_attendance_check
  CHECK ((confirmed_at IS NULL) = (signature_png IS NULL AND signed_on IS DISTINCT FROM 'elearning'));
