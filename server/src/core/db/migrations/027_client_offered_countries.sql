-- The address countries a client offers in its forms (company master data, locations, members' addresses), chosen
-- by its licensee in the console instead of one fixed list for every client. ISO 3166-1 alpha-2 codes, each once;
-- the server checks them against the postal module's countries. Existing and new clients offer AT and DE (spec).
ALTER TABLE client ADD COLUMN offered_countries text[] NOT NULL DEFAULT ARRAY['AT', 'DE']::text[]
  CHECK (cardinality(offered_countries) BETWEEN 1 AND 30);
