/**
 * The member import's vocabulary, without zod: the wizard (browser) and the contract (server) share these values.
 */

/** The member fields a CSV column can be assigned to (wizard step "assign fields"). */
export const IMPORT_FIELDS = [
  'username',
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'mobileNumber',
  'language',
  'role',
  'orgUnit',
  'location',
  'personnelNumber',
  'externalCompany',
  'street',
  'postalCode',
  'city',
  'country',
  'password',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A file may have at most this many columns, a cell at most this many characters. */
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_CELL_LENGTH = 1000;
/**
 * The upload limit of the member import file. The spec's 5 MB is the general upload limit; for this file it leaves
 * the limit open ("not shown"). An HR export of 100,000 staff is about 10 MB, so the import takes up to 20 MB.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** At most this many per-row errors are listed by the summary (the error-rows download has them all). */
export const IMPORT_MAX_LISTED_ERRORS = 500;

export const IMPORT_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
export const IMPORT_DELIMITERS = [';', ',', '\t'] as const;

/** Spec section 9: password modes of new members; `firstname.lastname` generates missing usernames. */
export const IMPORT_PASSWORD_MODES = ['initial', 'byEmail', 'byColumn', 'noPassword'] as const;
export type ImportPasswordMode = (typeof IMPORT_PASSWORD_MODES)[number];
export const IMPORT_NAME_OPTIONS = ['none', 'firstname.lastname'] as const;

/** Why a row is skipped; the wizard shows the translated message `memberImport.rowError.<key>`. */
export const IMPORT_ROW_ERRORS = [
  'required',
  'maxLength',
  'email',
  'phoneNumber',
  'zipcode',
  'username',
  'usernameDuplicateInFile',
  'emailDuplicateInFile',
  'usernameTaken',
  'emailAmbiguous',
  'memberArchived',
  'orgUnitUnknown',
  'locationUnknown',
  'roleInvalid',
  'roleNotAllowed',
  'languageInvalid',
  'password',
  'licenceLimit',
] as const;
export type ImportRowErrorKey = (typeof IMPORT_ROW_ERRORS)[number];
