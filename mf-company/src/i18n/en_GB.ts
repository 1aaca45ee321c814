import archive_en from './parts/archive.en_GB.json';
import locations_en from './parts/locations.en_GB.json';
import memberGroups_en from './parts/memberGroups.en_GB.json';
import memberImport_en from './parts/memberImport.en_GB.json';
import members_en from './parts/members.en_GB.json';
import orgUnits_en from './parts/orgUnits.en_GB.json';
import settings_en from './parts/settings.en_GB.json';
import supportAudit_en from './parts/supportAudit.en_GB.json';

/**
 * The `company` namespace in English: one file per feature and language (`parts/<feature>.<language>.json`), each
 * under its own top-level key, so that the features' texts stay apart. A chunk of its own (register.tsx).
 */
const texts: Record<string, unknown> = {
  ...members_en,
  ...archive_en,
  ...memberGroups_en,
  ...orgUnits_en,
  ...locations_en,
  ...settings_en,
  ...memberImport_en,
  ...supportAudit_en,
};

export default texts;
