import { IMPORT_FIELDS, type ImportField } from '@dash/shared-core';
import type { ImportMapping } from '@dash/shared-core/contract';

/**
 * Header names of payroll and HR exports, German and English, per member field. Compared after `normalizeHeader`
 * (lowercase, umlauts transliterated, everything but letters and digits removed: "E-Mail" = "email").
 */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  username: ['benutzername', 'username', 'user', 'login', 'loginname', 'anmeldename', 'benutzer', 'userid'],
  firstName: ['vorname', 'firstname', 'first', 'givenname', 'forename', 'rufname'],
  lastName: ['nachname', 'surname', 'lastname', 'last', 'familienname', 'familyname', 'name'],
  email: ['email', 'emailadresse', 'mail', 'mailadresse', 'emailaddress', 'mailaddress', 'epost'],
  phoneNumber: ['telefon', 'telefonnummer', 'tel', 'phone', 'phonenumber', 'telephone', 'festnetz'],
  mobileNumber: ['mobil', 'mobilnummer', 'mobiltelefon', 'handy', 'handynummer', 'mobile', 'mobilenumber', 'cell'],
  language: ['sprache', 'language', 'lang'],
  role: ['rolle', 'role', 'benutzerrolle'],
  orgUnit: [
    'orgeinheit',
    'organisationseinheit',
    'abteilung',
    'orgunit',
    'organisationalunit',
    'organizationalunit',
    'department',
    'unit',
  ],
  location: ['standort', 'location', 'site', 'werk', 'niederlassung', 'filiale'],
  personnelNumber: [
    'personalnummer',
    'persnr',
    'personalnr',
    'mitarbeiternummer',
    'personnelnumber',
    'employeenumber',
    'employeeid',
    'staffnumber',
    'payrollnumber',
  ],
  externalCompany: ['fremdfirma', 'externefirma', 'firma', 'externalcompany', 'company'],
  street: ['strasse', 'strassehausnummer', 'street', 'address', 'anschrift'],
  postalCode: ['plz', 'postleitzahl', 'postalcode', 'postcode', 'zip', 'zipcode'],
  city: ['ort', 'stadt', 'wohnort', 'city', 'town'],
  country: ['land', 'country', 'laendercode', 'countrycode'],
  password: ['passwort', 'kennwort', 'password', 'initialpasswort', 'initialpassword'],
};

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter)
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_BY_HEADER = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const synonym of SYNONYMS[field]) FIELD_BY_HEADER.set(synonym, field);
}

export function fieldOfHeader(header: string): ImportField | undefined {
  return FIELD_BY_HEADER.get(normalizeHeader(header));
}

/** How many cells of a row are known header names (finds the header row below a title line). */
export function headerScore(cells: readonly string[]): number {
  return cells.filter((cell) => fieldOfHeader(cell) !== undefined).length;
}

export function emptyMapping(): ImportMapping {
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as ImportMapping;
}

/** The proposed mapping: each field gets the first column whose header names it. */
export function proposeMapping(headers: readonly string[]): ImportMapping {
  const mapping = emptyMapping();
  headers.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field && mapping[field] === null) mapping[field] = index;
  });
  return mapping;
}
