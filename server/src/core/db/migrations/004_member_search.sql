-- The member list's search reads one lower-cased column instead of lower-casing five columns of every member on
-- each call (ILIKE is lower(text) LIKE lower(pattern)): 'first last', username and e-mail, one per line, so that a
-- one-line search term never matches across two of them.
ALTER TABLE member ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(first_name || ' ' || last_name || E'\n' || username || E'\n' || coalesce(email, ''))
) STORED;
