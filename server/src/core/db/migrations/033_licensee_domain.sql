-- Domains of the licensee console: the host names under which the dashboard shows a licensee's branding move from the
-- array licensee.host_names into a table of their own, so that a licensee admin can add and remove them one by one and
-- a host name belongs to one licensee at most (the unique key; the console answers 409 Domain.Exists). Host names are
-- stored in lower case (the request's host is compared lower-cased, http/hostName.ts). The order of the rows (id) is
-- the order in which they were added: a white-label licensee's first host name is the one its mails link to.
CREATE TABLE licensee_domain (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  host_name text NOT NULL UNIQUE CHECK (host_name = lower(host_name) AND host_name <> '' AND length(host_name) <= 253),
  licensee_uuid uuid NOT NULL REFERENCES licensee (uuid),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licensee_domain_licensee ON licensee_domain (licensee_uuid, id);

-- The existing host names, in their array order per licensee (the oldest licensee first); a host name two licensees
-- listed stays with the first of them, as the old lookup could give it to either.
INSERT INTO licensee_domain (host_name, licensee_uuid)
SELECT host_name, licensee_uuid FROM (
  SELECT DISTINCT ON (lower(trim(h.host_name))) lower(trim(h.host_name)) AS host_name, l.uuid AS licensee_uuid,
         l.created_at, l.identifier, h.position
    FROM licensee l, unnest(l.host_names) WITH ORDINALITY AS h (host_name, position)
   WHERE trim(h.host_name) <> ''
   ORDER BY lower(trim(h.host_name)), l.created_at, l.identifier, h.position
) AS existing
ORDER BY created_at, identifier, position;

ALTER TABLE licensee DROP COLUMN host_names;
