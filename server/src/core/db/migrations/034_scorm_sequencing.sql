-- SCORM 2004 sequencing and navigation (docs/scorm.md "Sequencing"): a package keeps the activity tree and rules of
-- its manifest's `imsss:sequencing` (null: a package without sequencing, run as before), and an execution keeps the
-- sequencer's state (activity states, global objectives, the current activity) as the player last saved it, with
-- the number of that save (a save not above it changes nothing: late, repeated or reordered saves never win), and
-- the course's rolled-up status (root activity) the attempt's completion follows.
ALTER TABLE elearning_package ADD COLUMN sequencing jsonb;
ALTER TABLE elearning_package ADD CONSTRAINT elearning_package_sequencing_object
  CHECK (sequencing IS NULL OR jsonb_typeof(sequencing) = 'object');

ALTER TABLE elearning_execution ADD COLUMN sequencing_state text;
ALTER TABLE elearning_execution ADD COLUMN sequencing_sequence bigint NOT NULL DEFAULT 0;
ALTER TABLE elearning_execution ADD COLUMN sequencing_root jsonb;
