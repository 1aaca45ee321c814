import archive_de from './parts/archive.de_DE.json';
import locations_de from './parts/locations.de_DE.json';
import memberGroups_de from './parts/memberGroups.de_DE.json';
import memberImport_de from './parts/memberImport.de_DE.json';
import members_de from './parts/members.de_DE.json';
import orgUnits_de from './parts/orgUnits.de_DE.json';
import settings_de from './parts/settings.de_DE.json';
import supportAudit_de from './parts/supportAudit.de_DE.json';

/**
 * The `company` namespace in German: one file per feature and language (`parts/<feature>.<language>.json`), each
 * under its own top-level key, so that the features' texts stay apart. A chunk of its own (register.tsx).
 */
const texts: Record<string, unknown> = {
  ...members_de,
  ...archive_de,
  ...memberGroups_de,
  ...orgUnits_de,
  ...locations_de,
  ...settings_de,
  ...memberImport_de,
  ...supportAudit_de,
};

export default texts;
