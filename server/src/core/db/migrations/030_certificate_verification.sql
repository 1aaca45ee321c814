-- Certificates anyone can check: every result (a completed execution, the certificate's facts) carries a
-- verification code, printed on the certificate with the address of the public verification page (/verify/<code>).
-- The code is 12 characters of Crockford's base32 (no I, L, O, U: nothing to misread when typed from paper), 60 random
-- bits from gen_random_uuid() (a strong random source on PostgreSQL and PGlite alike), shown in groups of four.
-- It is made by the database as the column's default, so every way a result is written gets one, and it is fixed:
-- a trigger refuses any change of it (a certificate on paper must keep verifying).

CREATE FUNCTION certificate_verification_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  -- Bytes of a version-4 uuid whose low 5 bits are all random (byte 6 holds the version, byte 8 the variant bits).
  positions constant int[] := ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13];
  random bytea;
  code text;
BEGIN
  LOOP
    random := uuid_send(gen_random_uuid());
    code := '';
    FOR i IN 1..12 LOOP
      code := code || substr(alphabet, 1 + (get_byte(random, positions[i]) & 31), 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM elearning_result WHERE verification_code = code);
  END LOOP;
  RETURN code;
END $$;

ALTER TABLE elearning_result ADD COLUMN verification_code text;
-- Results issued before this migration get their code now, once.
UPDATE elearning_result SET verification_code = certificate_verification_code();
ALTER TABLE elearning_result ALTER COLUMN verification_code SET DEFAULT certificate_verification_code();
ALTER TABLE elearning_result ALTER COLUMN verification_code SET NOT NULL;
ALTER TABLE elearning_result ADD CONSTRAINT elearning_result_verification_code_format
  CHECK (verification_code ~ '^[0-9A-HJKMNP-TV-Z]{12}$');
CREATE UNIQUE INDEX elearning_result_verification_code ON elearning_result (verification_code);

CREATE FUNCTION elearning_result_code_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.verification_code IS DISTINCT FROM OLD.verification_code THEN
    RAISE EXCEPTION 'the verification code of a certificate never changes';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER elearning_result_code_fixed BEFORE UPDATE OF verification_code ON elearning_result
  FOR EACH ROW EXECUTE FUNCTION elearning_result_code_fixed();

-- The analytics' download: a member's newest result of one e-learning.
CREATE INDEX elearning_result_elearning_member ON elearning_result (elearning_uuid, member_uuid, completed_at DESC);
