-- The licensee's client list searches name and company ID in one lower-cased column (as the member list does,
-- migration 004) instead of ILIKE on both columns of every client per call: ILIKE lower-cases each value again, which
-- on 5,000 clients costs more than the rest of the call. Name and company ID one per line, so that a one-line search
-- never matches across the two.
ALTER TABLE client ADD COLUMN search_text text GENERATED ALWAYS AS (lower(name || E'\n' || identifier)) STORED;
