/**
 * Every area's matrix file in one place, and the seeded uuids they refer to: the authorisation matrix and the
 * hostile-input test walk the same entries, so a route another area adds is covered by both once its entry exists.
 */
import type { TestServer } from '../helpers';
import { memberUuid } from '../helpers';
import { CERTIFICATES_MATRIX } from './certificates';
import { COMPANY_MATRIX } from './company';
import { ELEARNINGS_MATRIX, prepareElearningPlayerMatrix } from './elearnings';
import { INFOPOINT_MATRIX } from './infopoint';
import { INSTRUCTIONS_MATRIX, prepareInstructionsMatrix } from './instructions';
import { LICENSEE_MATRIX, SPARE_CLIENT } from './licensee';
import { LICENSEE_BRANDING_MATRIX } from './licenseeBranding';
import { LICENSEE_COURSE_SOURCES_MATRIX } from './licenseeCourseSources';
import { LICENSEE_DOMAINS_MATRIX } from './licenseeDomains';
import { LICENSEE_RELEASES_MATRIX } from './licenseeReleases';
import { LICENSEE_STAFF_MATRIX } from './licenseeStaff';
import { LICENSEE_SUPPORT_MATRIX } from './licenseeSupport';
import { LICENSEE_USAGE_MATRIX } from './licenseeUsage';
import { LOCATIONS_MATRIX, prepareLocationsMatrix } from './locations';
import { MEMBER_GROUPS_MATRIX } from './memberGroups';
import { MEMBER_IMPORT_MATRIX } from './memberImport';
import { MEMBERS_MATRIX, TARGET_FIELDS } from './members';
import { ORG_UNITS_MATRIX } from './orgUnits';
import { PLATFORM_MATRIX } from './platform';
import { REMINDERS_MATRIX } from './reminders';
import { RISK_ASSESSMENTS_MATRIX, riskAssessmentIds } from './riskAssessments';
import { SCIM_MATRIX } from './scim';
import { SSO_MATRIX } from './sso';
import { START_MATRIX } from './start';
import { prepareTemplatesMatrix, TEMPLATES_MATRIX } from './templates';
import type { Ids, MatrixEntry } from './types';

/** One entry per route, from one file per area. A key in two files is a mistake: the matrix test says so. */
export const AREA_MATRICES: ReadonlyArray<Record<string, MatrixEntry>> = [
  PLATFORM_MATRIX,
  MEMBERS_MATRIX,
  MEMBER_GROUPS_MATRIX,
  ORG_UNITS_MATRIX,
  LOCATIONS_MATRIX,
  COMPANY_MATRIX,
  SSO_MATRIX,
  SCIM_MATRIX,
  MEMBER_IMPORT_MATRIX,
  ELEARNINGS_MATRIX,
  CERTIFICATES_MATRIX,
  INSTRUCTIONS_MATRIX,
  RISK_ASSESSMENTS_MATRIX,
  START_MATRIX,
  INFOPOINT_MATRIX,
  TEMPLATES_MATRIX,
  REMINDERS_MATRIX,
  LICENSEE_MATRIX,
  LICENSEE_BRANDING_MATRIX,
  LICENSEE_DOMAINS_MATRIX,
  LICENSEE_COURSE_SOURCES_MATRIX,
  LICENSEE_RELEASES_MATRIX,
  LICENSEE_SUPPORT_MATRIX,
  LICENSEE_USAGE_MATRIX,
  LICENSEE_STAFF_MATRIX,
];
export const MATRIX: Record<string, MatrixEntry> = Object.assign({}, ...AREA_MATRICES);

export interface MatrixItem {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  entry: MatrixEntry;
}

export const MATRIX_ITEMS: MatrixItem[] = Object.entries(MATRIX).map(([key, entry]) => {
  const [method, path] = key.split(' ') as [MatrixItem['method'], string];
  return { key, method, path, entry };
});

/**
 * Looks up (and where another client has none, creates) the rows the entries refer to. Another client's rows are
 * real, so that "another client's uuid" is proven with data that exists.
 */
export async function loadMatrixIds(server: TestServer): Promise<Ids> {
  const [logo] = await server.db.query<{ logo_file_uuid: string }>(
    "SELECT logo_file_uuid FROM licensee WHERE identifier = 'dashboard'",
  );
  const [globexFile] = await server.db.query<{ uuid: string }>(
    `INSERT INTO file (context, type, filename, content_type, content, client_uuid)
     SELECT 'licensee', 'logo', 'logo.svg', 'image/svg+xml', $1, uuid FROM client WHERE identifier = 'globex'
     RETURNING uuid`,
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  );
  const one = async (sql: string): Promise<string> => {
    const [row] = await server.db.query<{ uuid: string }>(sql);
    if (!row) throw new Error(`no row for ${sql}`);
    return row.uuid;
  };
  const acme = "(SELECT uuid FROM client WHERE identifier = 'acme')";
  const globex = "(SELECT uuid FROM client WHERE identifier = 'globex')";
  const ids: Ids = {
    ...(await riskAssessmentIds(server.db)),
    acmeMember: await memberUuid(server.db, 'acme', 'member'),
    acmeAdmin: await memberUuid(server.db, 'acme', 'admin'),
    globexMember: await memberUuid(server.db, 'globex', 'fahrer1'),
    licenseeLogo: logo?.logo_file_uuid ?? '',
    globexFile: globexFile?.uuid ?? '',
    acmeMatrixMember: await one(
      `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, language, gender)
       VALUES (${acme}, '${TARGET_FIELDS.username}', 'member', '${TARGET_FIELDS.email}', '${TARGET_FIELDS.firstName}',
               '${TARGET_FIELDS.lastName}', 'de_DE', 'd') RETURNING uuid`,
    ),
    acmeArchivedMember: await one(
      `SELECT uuid FROM member WHERE client_uuid = ${acme} AND archived_at IS NOT NULL ORDER BY username LIMIT 1`,
    ),
    globexArchivedMember: await one(
      `UPDATE member SET archived_at = now() WHERE uuid = (SELECT uuid FROM member WHERE client_uuid = ${globex}
         AND username = 'fahrer8') RETURNING uuid`,
    ),
    acmeRootOrgUnit: await one(`SELECT uuid FROM org_unit WHERE client_uuid = ${acme} AND is_root`),
    acmeOrgUnit: await one(`SELECT uuid FROM org_unit WHERE client_uuid = ${acme} AND name = 'Produktion'`),
    globexOrgUnit: await one(`SELECT uuid FROM org_unit WHERE client_uuid = ${globex} AND is_root`),
    acmeLocation: await one(`SELECT uuid FROM location WHERE client_uuid = ${acme} AND name = 'Werk Hamburg'`),
    globexLocation: await one(
      `INSERT INTO location (client_uuid, name, city) VALUES (${globex}, 'Globex Hafen', 'Hamburg') RETURNING uuid`,
    ),
    acmeGroup: await one(`SELECT uuid FROM member_group WHERE client_uuid = ${acme} AND type = 'first-aid'`),
    globexGroup: await one(
      `INSERT INTO member_group (client_uuid, name, type) VALUES (${globex}, 'Globex Ersthelfer', 'first-aid')
       RETURNING uuid`,
    ),
    globexClient: await one(`SELECT uuid FROM client WHERE identifier = 'globex'`),
    initechClient: await one(`SELECT uuid FROM client WHERE identifier = 'initech'`),
    spareClient: await one(
      `INSERT INTO client (licensee_uuid, identifier, name, street, postal_code, city, country)
       SELECT uuid, '${SPARE_CLIENT.clientIdentifier}', '${SPARE_CLIENT.name}', '${SPARE_CLIENT.street}',
              '${SPARE_CLIENT.postalCode}', '${SPARE_CLIENT.city}', 'DE'
         FROM licensee WHERE identifier = 'dashboard' RETURNING uuid`,
    ),
  };
  // Two members, so that a member limit of 1 is refused.
  await server.db.query(
    `INSERT INTO member (client_uuid, username, role, first_name, last_name)
     VALUES ($1, 'erste', 'super-admin', 'Erste', 'Person'), ($1, 'zweite', 'member', 'Zweite', 'Person')`,
    [ids.spareClient],
  );
  // Rows that only an area's entries use (e.g. locations that its valid delete calls may take).
  await prepareLocationsMatrix(server.db, ids);
  await prepareElearningPlayerMatrix(server.db);
  await prepareTemplatesMatrix(server.db);
  await prepareInstructionsMatrix(server.db);
  for (const { entry } of MATRIX_ITEMS) await entry.setup?.(server.db, ids);
  return ids;
}
