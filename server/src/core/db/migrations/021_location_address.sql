-- A location's postal address: the infopoint shows it beside the emergency numbers, so that whoever calls 112 can
-- tell the control centre where to come. Optional: a location without one shows its city and country.
ALTER TABLE location ADD COLUMN street text;
ALTER TABLE location ADD COLUMN postal_code text;
