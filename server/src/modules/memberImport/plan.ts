import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToServer } from 'node:timers/promises';
import {
  email as emailRule,
  generateUsername,
  IMPORT_MAX_LISTED_ERRORS,
  type ImportField,
  type ImportRowErrorKey,
  password as passwordRule,
  type Role,
  username as usernameRule,
} from '@dash/shared-core';
import type { ImportMapping, ImportRowError, MemberImportOptions } from '@dash/shared-core/contract';
import { phoneNumber } from '@dash/shared-core/phone';
import { findCountry, validatePostalCode } from '@dash/shared-core/postal';
import type { Queryable } from '../../core/db/database';
import type { CsvRow } from './parseCsv';

/** The member columns an import writes, by field (username, org unit, location and password are handled apart). */
export const MEMBER_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone_number',
  mobileNumber: 'mobile_number',
  language: 'language',
  role: 'role',
  personnelNumber: 'personnel_number',
  externalCompany: 'external_company',
  street: 'street',
  postalCode: 'postal_code',
  city: 'city',
  country: 'country',
} as const satisfies Partial<Record<ImportField, string>>;
export type ColumnField = keyof typeof MEMBER_COLUMNS;
const COLUMN_FIELDS = Object.keys(MEMBER_COLUMNS) as ColumnField[];

const MAX_LENGTH: Record<ImportField, number> = {
  username: 100,
  firstName: 100,
  lastName: 100,
  email: 254,
  phoneNumber: 40,
  mobileNumber: 40,
  language: 20,
  role: 40,
  orgUnit: 200,
  location: 200,
  personnelNumber: 50,
  externalCompany: 200,
  street: 200,
  postalCode: 20,
  city: 100,
  country: 60,
  password: 200,
};

const LANGUAGES: Record<string, 'de_DE' | 'en_GB'> = {
  de: 'de_DE',
  de_de: 'de_DE',
  'de-de': 'de_DE',
  deutsch: 'de_DE',
  german: 'de_DE',
  en: 'en_GB',
  en_gb: 'en_GB',
  'en-gb': 'en_GB',
  englisch: 'en_GB',
  english: 'en_GB',
};

/** Roles an import may give; super-admins and customer advisers are never made by a file. */
const ROLE_NAMES: Record<string, Role | 'notAllowed'> = {
  member: 'member',
  mitglied: 'member',
  mitarbeiter: 'member',
  mitarbeiterin: 'member',
  admin: 'admin',
  administrator: 'admin',
  administratorin: 'admin',
  'ou-admin': 'ou-admin',
  'org-admin': 'ou-admin',
  'loc-admin': 'loc-admin',
  'standort-admin': 'loc-admin',
  'super-admin': 'notAllowed',
  superadmin: 'notAllowed',
  user: 'notAllowed',
};

export interface ExistingMember {
  uuid: string;
  username: string;
  email: string | null;
  archived: boolean;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  mobile_number: string | null;
  language: string;
  role: Role;
  personnel_number: string | null;
  external_company: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  org_units: string[];
  locations: string[];
}

export type MemberValues = Partial<Record<ColumnField, string>>;

export interface PlannedMember {
  line: number;
  action: 'create' | 'update';
  uuid: string;
  username: string;
  /** create: every imported value; update: only the values that change. */
  values: MemberValues;
  /** update: the same fields before the change (audit trail). */
  before: MemberValues;
  orgUnitUuid: string | null;
  locationUuid: string | null;
  /** Mode byColumn: the password as written in the file (hashed when the job runs). */
  plainPassword: string | null;
}

export interface ImportPlan {
  matchBy: 'username' | 'email';
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  freeSeats: number | null;
  errors: ImportRowError[];
  /** Lines of the skipped rows. */
  skippedLines: Set<number>;
  members: PlannedMember[];
}

export interface PlanContext {
  clientUuid: string;
  importerUuid: string;
  headers: readonly string[];
  rows: readonly CsvRow[];
  mapping: ImportMapping;
  options: Pick<MemberImportOptions, 'passwordMode' | 'nameOption'>;
}

/** The apostrophe our CSV files put before a cell a spreadsheet would take for a formula (`'+49 …`, `'-Meier`). */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/**
 * Reads a row's cell of a field (trimmed; '' when the field is not assigned or the cell is missing). The guard
 * apostrophe of a downloaded error-rows file is taken off, so that a file fixed and uploaded again reads as written.
 */
function reader(mapping: ImportMapping, cells: readonly string[]) {
  return (field: ImportField): string => {
    const column = mapping[field];
    return column === null ? '' : (cells[column] ?? '').replace(FORMULA_GUARD, '').trim();
  };
}

function normalizeCountry(value: string): string | null {
  const country = findCountry(value.trim().toUpperCase());
  return country ? country.alpha2 : null;
}

async function loadExisting(
  db: Queryable,
  clientUuid: string,
  usernames: string[],
  emails: string[],
): Promise<ExistingMember[]> {
  return db.query<ExistingMember>(
    `SELECT m.uuid, m.username, m.email, m.archived_at IS NOT NULL AS archived, m.first_name, m.last_name,
            m.phone_number, m.mobile_number, m.language, m.role, m.personnel_number, m.external_company, m.street,
            m.postal_code, m.city, m.country,
            coalesce((SELECT array_agg(om.org_unit_uuid::text) FROM org_unit_member om WHERE om.member_uuid = m.uuid), '{}') AS org_units,
            coalesce((SELECT array_agg(lm.location_uuid::text) FROM location_member lm WHERE lm.member_uuid = m.uuid), '{}') AS locations
       FROM member m
      WHERE m.client_uuid = $1 AND m.deleted_at IS NULL
        AND (m.username = ANY($2::text[]) OR (m.archived_at IS NULL AND lower(m.email) = ANY($3::text[])))`,
    [clientUuid, usernames, emails],
  );
}

/**
 * What an import would do, row by row, without writing anything: the summary of the wizard and the work of the job
 * are the same computation on the same data. Rows are matched to members by username, or by e-mail when no
 * username column is assigned (or the row's username is empty); rows with errors are skipped.
 * Empty cells never clear a member's value (exports often leave fields out); passwords are set for new members only.
 */
export async function planImport(db: Queryable, context: PlanContext): Promise<ImportPlan> {
  const { mapping, options, headers, rows } = context;
  const matchBy = mapping.username !== null ? 'username' : 'email';
  const columnName = (field: ImportField) => {
    const column = mapping[field];
    return column === null ? null : (headers[column] ?? `#${column + 1}`);
  };

  // Pass 1: the usernames (given or generated) and e-mails the file names, to read only those members.
  const usernames = new Set<string>();
  const emails = new Set<string>();
  for (const [index, [, cells]] of rows.entries()) {
    if (index % 1000 === 999) await yieldToServer();
    const read = reader(mapping, cells);
    const given = read('username').toLowerCase();
    if (given) usernames.add(given);
    const mail = read('email').toLowerCase();
    if (mail) {
      emails.add(mail);
      usernames.add(mail);
    }
    if (options.nameOption === 'firstname.lastname')
      usernames.add(generateUsername(read('firstName'), read('lastName')));
  }
  const [existing, orgUnits, locations, [seats]] = await Promise.all([
    loadExisting(db, context.clientUuid, [...usernames], [...emails]),
    db.query<{ uuid: string; key: string; is_default: boolean }>(
      'SELECT uuid, lower(trim(name)) AS key, is_default FROM org_unit WHERE client_uuid = $1',
      [context.clientUuid],
    ),
    db.query<{ uuid: string; key: string }>(
      'SELECT uuid, lower(trim(name)) AS key FROM location WHERE client_uuid = $1',
      [context.clientUuid],
    ),
    db.query<{ free: number | null }>(
      `SELECT c.max_members - (SELECT count(*) FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL)::int AS free
         FROM client c WHERE c.uuid = $1`,
      [context.clientUuid],
    ),
  ]);
  const byUsername = new Map(existing.map((member) => [member.username, member]));
  const byEmail = new Map<string, ExistingMember[]>();
  for (const member of existing) {
    if (member.archived || !member.email) continue;
    const key = member.email.toLowerCase();
    byEmail.set(key, [...(byEmail.get(key) ?? []), member]);
  }
  // Names are matched case-insensitively; two units of the same name: the first (the file cannot tell them apart).
  const orgUnitByName = new Map<string, { uuid: string; isDefault: boolean }>();
  for (const unit of orgUnits) {
    if (!orgUnitByName.has(unit.key)) orgUnitByName.set(unit.key, { uuid: unit.uuid, isDefault: unit.is_default });
  }
  const locationByName = new Map<string, string>();
  for (const location of locations)
    if (!locationByName.has(location.key)) locationByName.set(location.key, location.uuid);

  const plan: ImportPlan = {
    matchBy,
    total: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    freeSeats: seats?.free ?? null,
    errors: [],
    skippedLines: new Set(),
    members: [],
  };
  const allErrors: ImportRowError[] = [];
  const seenUsernames = new Set<string>();
  const seenEmails = new Set<string>();
  const matched = new Set<string>();

  for (const [index, [line, cells]] of rows.entries()) {
    // Every 250 rows (each checked against every rule, phone numbers included): a few milliseconds at a time.
    if (index % 250 === 249) await yieldToServer();
    const read = reader(mapping, cells);
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportField | null, key: ImportRowErrorKey, params: Record<string, string | number> = {}) =>
      rowErrors.push({ line, column: field ? columnName(field) : null, field, key, params });

    const values: MemberValues = {};
    for (const field of [...COLUMN_FIELDS, 'username', 'orgUnit', 'location', 'password'] as const) {
      const value = read(field);
      if (value.length > MAX_LENGTH[field]) fail(field, 'maxLength', { max: MAX_LENGTH[field] });
    }
    for (const field of COLUMN_FIELDS) {
      const value = read(field);
      if (value) values[field] = value;
    }
    if (values.email && emailRule(values.email)) fail('email', 'email', { value: values.email });
    if (values.phoneNumber && phoneNumber(values.phoneNumber))
      fail('phoneNumber', 'phoneNumber', { value: values.phoneNumber });
    if (values.mobileNumber && phoneNumber(values.mobileNumber)) {
      fail('mobileNumber', 'phoneNumber', { value: values.mobileNumber });
    }
    if (values.country) {
      const country = normalizeCountry(values.country);
      if (country) values.country = country;
      else
        fail('country', 'zipcode', { detail: `Unknown alpha2/alpha3 country code: ${values.country.toUpperCase()}` });
    }
    if (values.postalCode) {
      const result = validatePostalCode(values.country ?? 'DE', values.postalCode);
      if (!result.valid && !rowErrors.some((error) => error.field === 'country')) {
        fail('postalCode', 'zipcode', { detail: result.message });
      }
    }
    if (values.language) {
      const language = LANGUAGES[values.language.toLowerCase()];
      if (language) values.language = language;
      else fail('language', 'languageInvalid', { value: values.language });
    }
    if (values.role) {
      const role = ROLE_NAMES[values.role.toLowerCase()];
      if (!role) fail('role', 'roleInvalid', { value: values.role });
      else if (role === 'notAllowed') fail('role', 'roleNotAllowed', { value: values.role });
      else values.role = role;
    }
    const orgUnitName = read('orgUnit');
    const orgUnit = orgUnitName ? orgUnitByName.get(orgUnitName.toLowerCase()) : undefined;
    if (orgUnitName && !orgUnit) fail('orgUnit', 'orgUnitUnknown', { value: orgUnitName });
    const locationName = read('location');
    const locationUuid = locationName ? locationByName.get(locationName.toLowerCase()) : undefined;
    if (locationName && !locationUuid) fail('location', 'locationUnknown', { value: locationName });

    // Match: by username; by e-mail when there is no username to go by.
    const givenUsername = read('username').toLowerCase();
    const mail = values.email?.toLowerCase() ?? '';
    let member: ExistingMember | undefined;
    if (givenUsername) {
      if (seenUsernames.has(givenUsername)) fail('username', 'usernameDuplicateInFile', { value: givenUsername });
      seenUsernames.add(givenUsername);
      member = byUsername.get(givenUsername);
      if (member?.archived) {
        fail('username', 'memberArchived', { value: givenUsername });
        member = undefined;
      }
    } else if (mail) {
      if (seenEmails.has(mail)) fail('email', 'emailDuplicateInFile', { value: values.email ?? mail });
      seenEmails.add(mail);
      const candidates = byEmail.get(mail) ?? [];
      if (candidates.length > 1) fail('email', 'emailAmbiguous', { value: values.email ?? mail });
      else member = candidates[0];
    } else if (options.nameOption === 'firstname.lastname' && values.firstName && values.lastName) {
      // Neither username nor e-mail: the generated username is the row's only key (a second run finds the member
      // the first one created). A row with an e-mail of its own never takes over a namesake this way.
      const generated = generateUsername(values.firstName, values.lastName);
      const namesake = byUsername.get(generated);
      if (namesake && !namesake.archived) {
        if (seenUsernames.has(generated)) fail('username', 'usernameDuplicateInFile', { value: generated });
        seenUsernames.add(generated);
        member = namesake;
      }
    }
    if (member && matched.has(member.uuid) && !rowErrors.some((error) => error.key.endsWith('DuplicateInFile'))) {
      fail(givenUsername ? 'username' : 'email', givenUsername ? 'usernameDuplicateInFile' : 'emailDuplicateInFile', {
        value: givenUsername || mail,
      });
    }

    let planned: PlannedMember | null = null;
    if (member) {
      matched.add(member.uuid);
      if (
        values.role &&
        values.role !== member.role &&
        (member.role === 'super-admin' || member.uuid === context.importerUuid)
      ) {
        fail('role', 'roleNotAllowed', { value: values.role });
      }
      const changed: MemberValues = {};
      const before: MemberValues = {};
      for (const field of COLUMN_FIELDS) {
        const value = values[field];
        const current = member[MEMBER_COLUMNS[field]];
        if (value !== undefined && value !== current) {
          changed[field] = value;
          before[field] = current ?? '';
        }
      }
      const newOrgUnit =
        orgUnit && !orgUnit.isDefault && !member.org_units.includes(orgUnit.uuid) ? orgUnit.uuid : null;
      const newLocation = locationUuid && !member.locations.includes(locationUuid) ? locationUuid : null;
      if (Object.keys(changed).length > 0 || newOrgUnit || newLocation) {
        planned = {
          line,
          action: 'update',
          uuid: member.uuid,
          username: member.username,
          values: changed,
          before,
          orgUnitUuid: newOrgUnit,
          locationUuid: newLocation,
          plainPassword: null,
        };
      }
    } else {
      if (!values.firstName) fail('firstName', 'required');
      if (!values.lastName) fail('lastName', 'required');
      let username = givenUsername;
      if (!username && options.nameOption === 'firstname.lastname' && values.firstName && values.lastName) {
        username = generateUsername(values.firstName, values.lastName);
      }
      if (!username && mail && !emailRule(mail)) username = mail;
      if (!username) fail('username', 'required');
      else if (usernameRule(username) || username.length < 3) fail('username', 'username', { value: username });
      else if (username !== givenUsername) {
        // A generated username: taken by a member the row did not match, or by an earlier row of the file.
        if (byUsername.has(username)) fail('username', 'usernameTaken', { value: username });
        else if (seenUsernames.has(username)) fail('username', 'usernameDuplicateInFile', { value: username });
        seenUsernames.add(username);
      }
      if (options.passwordMode === 'byEmail' && !values.email) fail('email', 'required');
      const plain = options.passwordMode === 'byColumn' ? read('password') : '';
      if (options.passwordMode === 'byColumn') {
        if (!plain) fail('password', 'required');
        else if (passwordRule(plain)) fail('password', 'password');
      }
      planned = {
        line,
        action: 'create',
        uuid: randomUUID(),
        username,
        values: { language: 'de_DE', role: 'member', ...values },
        before: {},
        orgUnitUuid: orgUnit && !orgUnit.isDefault ? orgUnit.uuid : null,
        locationUuid: locationUuid ?? null,
        plainPassword: plain || null,
      };
    }

    if (rowErrors.length > 0) {
      plan.skipped++;
      plan.skippedLines.add(line);
      allErrors.push(...rowErrors);
      continue;
    }
    if (!planned) {
      plan.unchanged++;
      continue;
    }
    if (planned.action === 'create') {
      plan.created++;
      // The licence counts the whole job: rows beyond the free seats are named, and the job is refused.
      if (plan.freeSeats !== null && plan.created > plan.freeSeats) {
        allErrors.push({
          line,
          column: null,
          field: null,
          key: 'licenceLimit',
          params: { free: Math.max(0, plan.freeSeats) },
        });
      }
    } else plan.updated++;
    plan.members.push(planned);
  }
  plan.errors = allErrors;
  return plan;
}

/** The summary's view of a plan (the error list is cut to its first entries). */
export function summarize(plan: ImportPlan) {
  return {
    total: plan.total,
    created: plan.created,
    updated: plan.updated,
    unchanged: plan.unchanged,
    skipped: plan.skipped,
    matchBy: plan.matchBy,
    freeSeats: plan.freeSeats,
    errorCount: plan.errors.length,
    errors: plan.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
  };
}
