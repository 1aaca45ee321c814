/**
 * Method and path of every API call: the part of the contract the browser needs at run time. Entry
 * `@dash/shared-core/calls`, not in the main entry: the API client loads it (`loadAllRoutes`) on the first call that is
 * not one of the core calls, and the signed-in frame preloads it, so the sign-in page never downloads the areas' calls.
 * `reads` marks POST calls that only read (tables and details take their filters as a body): they show the
 * "load" loader, not the "save" one.
 * The full contract with request/response schemas is in `../contract` (server, docs and types).
 * Each area of the company part and each app keeps its calls beside its schemas, in `contract/<area>/calls.ts`
 * (no zod there: this table is in every browser bundle), spread in here.
 */
import { COMPANY_ROUTES } from '../contract/company/calls';
import { ELEARNINGS_ROUTES } from '../contract/elearnings/calls';
import { CERTIFICATE_ROUTES } from '../contract/elearnings/certificateCalls';
import { INFOPOINT_ROUTES } from '../contract/infopoint/calls';
import { INSTRUCTIONS_ROUTES } from '../contract/instructions/calls';
import { LICENSEE_AUDIT_ROUTES } from '../contract/licensee/auditCalls';
import { LICENSEE_ROUTES } from '../contract/licensee/calls';
import { LICENSEE_STAFF_ROUTES } from '../contract/licensee/staffCalls';
import { LICENSEE_SUPPORT_ROUTES } from '../contract/licensee/supportCalls';
import { LICENSEE_USAGE_ROUTES } from '../contract/licensee/usageCalls';
import { LOCATIONS_ROUTES } from '../contract/locations/calls';
import { MEMBER_GROUPS_ROUTES } from '../contract/memberGroups/calls';
import { MEMBER_IMPORT_ROUTES } from '../contract/memberImport/calls';
import { MEMBERS_ROUTES } from '../contract/members/calls';
import { ORG_UNITS_ROUTES } from '../contract/orgUnits/calls';
import { REMINDERS_ROUTES } from '../contract/reminders/calls';
import { RISK_ASSESSMENTS_ROUTES } from '../contract/riskAssessments/calls';
import type { RouteTable } from '../contract/routeTable';
import { SCIM_ROUTES } from '../contract/scim/calls';
import { SSO_ROUTES } from '../contract/sso/calls';

export { SCIM_GROUP_TARGETS, type ScimGroupTarget } from '../contract/scim/calls';
export {
  isSsoSignInFailure,
  SSO_LOGIN_MODES,
  SSO_SIGN_IN_FAILURES,
  type SsoLoginMode,
  type SsoSignInFailure,
} from '../contract/sso/calls';

import { START_ROUTES } from '../contract/start/calls';
import { TEMPLATES_ROUTES } from '../contract/templates/calls';
import { CORE_ROUTES } from './routes';

export {
  CERTIFICATE_VALIDITIES,
  type CertificateValidity,
  MY_CERTIFICATES_SORT_KEYS,
  type MyCertificatesSortKey,
} from '../contract/elearnings/certificateCalls';
export {
  INSTRUCTION_CONFIRM_GRACE_DAYS,
  INSTRUCTION_DEFAULT_REPEAT_MONTHS,
  INSTRUCTION_DUE_STATES,
  INSTRUCTION_SIGNATURE_MAX_BYTES,
  INSTRUCTION_SORT_KEYS,
  INSTRUCTION_TARGET_TYPES,
  type InstructionDueState,
  type InstructionSortKey,
  type InstructionTargetType,
} from '../contract/instructions/calls';
export {
  LICENSEE_AUDIT_ACTIONS,
  LICENSEE_AUDIT_EXPORT_MAX_ROWS,
  LICENSEE_AUDIT_SORT_KEYS,
  type LicenseeAuditAction,
} from '../contract/licensee/auditCalls';
export {
  LICENSEE_CLIENT_SORT_KEYS,
  LICENSEE_CLIENT_STATUS_FILTERS,
  type LicenseeClientSortKey,
  type LicenseeClientStatusFilter,
  MAX_MEMBER_LIMIT,
} from '../contract/licensee/calls';
export {
  LICENSEE_STAFF_SORT_KEYS,
  LICENSEE_STAFF_STATUS_FILTERS,
  type LicenseeStaffSortKey,
} from '../contract/licensee/staffCalls';
export {
  CONSOLE_SUPPORT_SESSION_MINUTES,
  SUPPORT_REASON_MAX_LENGTH,
  SUPPORT_SESSION_SORT_KEYS,
} from '../contract/licensee/supportCalls';
export {
  LICENSEE_USAGE_EXPORT_MAX_ROWS,
  LICENSEE_USAGE_SORT_KEYS,
  type LicenseeUsageSortKey,
} from '../contract/licensee/usageCalls';
export { TEMPLATE_CATEGORIES, TEMPLATE_UPLOAD_PATH, type TemplateCategory } from '../contract/templates/calls';

export const API_ROUTES = {
  ...CORE_ROUTES,
  ...MEMBERS_ROUTES,
  ...MEMBER_GROUPS_ROUTES,
  ...ORG_UNITS_ROUTES,
  ...LOCATIONS_ROUTES,
  ...COMPANY_ROUTES,
  ...SSO_ROUTES,
  ...SCIM_ROUTES,
  ...MEMBER_IMPORT_ROUTES,
  ...ELEARNINGS_ROUTES,
  ...CERTIFICATE_ROUTES,
  ...INSTRUCTIONS_ROUTES,
  ...RISK_ASSESSMENTS_ROUTES,
  ...START_ROUTES,
  ...INFOPOINT_ROUTES,
  ...TEMPLATES_ROUTES,
  ...REMINDERS_ROUTES,
  ...LICENSEE_ROUTES,
  ...LICENSEE_SUPPORT_ROUTES,
  ...LICENSEE_AUDIT_ROUTES,
  ...LICENSEE_USAGE_ROUTES,
  ...LICENSEE_STAFF_ROUTES,
} as const satisfies RouteTable;

export type EndpointId = keyof typeof API_ROUTES;
