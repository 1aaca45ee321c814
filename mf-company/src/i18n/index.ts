import type { Language } from '@dash/shared-core';
import archive_de from './parts/archive.de_DE.json';
import archive_en from './parts/archive.en_GB.json';
import locations_de from './parts/locations.de_DE.json';
import locations_en from './parts/locations.en_GB.json';
import memberGroups_de from './parts/memberGroups.de_DE.json';
import memberGroups_en from './parts/memberGroups.en_GB.json';
import memberImport_de from './parts/memberImport.de_DE.json';
import memberImport_en from './parts/memberImport.en_GB.json';
import members_de from './parts/members.de_DE.json';
import members_en from './parts/members.en_GB.json';
import orgUnits_de from './parts/orgUnits.de_DE.json';
import orgUnits_en from './parts/orgUnits.en_GB.json';
import settings_de from './parts/settings.de_DE.json';
import settings_en from './parts/settings.en_GB.json';

/**
 * The `company` namespace: one file per feature and language (`parts/<feature>.<language>.json`), each under its
 * own top-level key, so that the features' texts stay apart.
 */
export const COMPANY_TRANSLATIONS: Record<Language, Record<string, unknown>> = {
  de_DE: {
    ...members_de,
    ...archive_de,
    ...memberGroups_de,
    ...orgUnits_de,
    ...locations_de,
    ...settings_de,
    ...memberImport_de,
  },
  en_GB: {
    ...members_en,
    ...archive_en,
    ...memberGroups_en,
    ...orgUnits_en,
    ...locations_en,
    ...settings_en,
    ...memberImport_en,
  },
};
