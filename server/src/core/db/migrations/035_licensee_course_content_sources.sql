-- Course content sources per licensee (issue 28): the content-security-policy sources the SCORM courses of the
-- licensee's clients may load scripts, styles, fonts, media and images from (docs/scorm.md "Policies"). Vendors host
-- parts of their courses on their own CDNs, so a licensee names them in the licensee console. NULL: the server's
-- default (COURSE_CONTENT_SOURCES, `https:` unless set); an empty array: no content host at all (a course loads its
-- own files only). The console checks every entry (shared-core validation/contentSources.ts); the CHECK only bounds
-- the list (at most 20 entries).
ALTER TABLE licensee ADD COLUMN course_content_sources text[] NULL
  CHECK (course_content_sources IS NULL OR cardinality(course_content_sources) <= 20);
