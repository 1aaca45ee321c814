-- Org unit ID (spec sections 3 and 5): every unit gets an identifier of lowercase letters, digits and minus, unique
-- within its client, that administrators can set and change. Existing units get one generated from their name by the
-- spec's rule for generated identifiers (lowercase, umlauts transliterated, spaces to hyphens, a random suffix
-- 1000-9999).
--
-- The server generates identifiers with generateIdentifier (shared-core/src/validation/generators.ts). The functions
-- below are the same rule in SQL for what cannot call it: this migration's existing units, and rows inserted without
-- an identifier by seeds, scripts and tests (the trigger). server/test/org-unit-identifier.test.ts holds them equal.
ALTER TABLE org_unit ADD COLUMN identifier text;

-- Before the backfill, so that its look-ups for a free suffix use the index.
CREATE UNIQUE INDEX org_unit_unique_identifier ON org_unit (client_uuid, identifier);

CREATE FUNCTION org_unit_identifier_base(unit_name text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  -- JavaScript's \s: PostgreSQL's own \s leaves out the Unicode spaces (no-break space and others).
  space constant text := '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]';
  base text := normalize(unit_name, NFC);
BEGIN
  -- Umlauts of both cases first: lower() of a database in the C locale leaves non-ASCII letters as they are.
  base := replace(replace(replace(replace(base, 'Ä', 'ae'), 'Ö', 'oe'), 'Ü', 'ue'), 'ẞ', 'ss');
  base := replace(replace(replace(replace(base, 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss');
  -- Other accents go (é -> e), then the case.
  base := lower(regexp_replace(normalize(base, NFD), '[\u0300-\u036f]', '', 'g'));
  base := regexp_replace(base, '^' || space || '+|' || space || '+$', '', 'g');
  base := regexp_replace(base, space || '+', '-', 'g');
  base := regexp_replace(base, '[^a-z0-9-]', '', 'g');
  base := regexp_replace(base, '-+', '-', 'g');
  base := regexp_replace(base, '^[-0-9]+', '');
  -- 36 characters in all with the hyphen and the four-digit suffix.
  base := regexp_replace(left(base, 31), '-$', '');
  RETURN CASE WHEN base = '' THEN 'id' ELSE base END;
END $$;

CREATE FUNCTION org_unit_generated_identifier(unit_client uuid, unit_name text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate text;
BEGIN
  FOR attempt IN 1..100 LOOP
    candidate := org_unit_identifier_base(unit_name) || '-' || (1000 + floor(random() * 9000))::int;
    IF NOT EXISTS (SELECT 1 FROM org_unit o WHERE o.client_uuid = unit_client AND o.identifier = candidate) THEN
      RETURN candidate;
    END IF;
  END LOOP;
  RAISE EXCEPTION 'no free org unit identifier for "%"', unit_name USING ERRCODE = 'unique_violation';
END $$;

-- One statement per unit: each look-up for a free suffix sees the identifiers given before it.
DO $$
DECLARE
  unit record;
BEGIN
  FOR unit IN SELECT uuid, client_uuid, name FROM org_unit ORDER BY created_at, uuid LOOP
    UPDATE org_unit SET identifier = org_unit_generated_identifier(unit.client_uuid, unit.name) WHERE uuid = unit.uuid;
  END LOOP;
END $$;

ALTER TABLE org_unit ALTER COLUMN identifier SET NOT NULL;
ALTER TABLE org_unit ADD CONSTRAINT org_unit_identifier_format CHECK (identifier ~ '^[a-z0-9-]{1,36}$');

-- A row inserted without an identifier (seeds, scripts, tests) gets a generated one.
CREATE FUNCTION org_unit_fill_identifier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.identifier IS NULL THEN
    NEW.identifier := org_unit_generated_identifier(NEW.client_uuid, NEW.name);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER org_unit_fill_identifier BEFORE INSERT ON org_unit FOR EACH ROW EXECUTE FUNCTION org_unit_fill_identifier();
