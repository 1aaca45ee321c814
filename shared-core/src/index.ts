/** Browser-safe entry of shared-core. The zod contract is imported from '@dash/shared-core/contract' on the server. */

export type { EndpointId } from './api/calls';
export * from './api/client';
export * from './api/routes';
export * from './areas';
export * from './bootData';
export * from './branding';
export * from './certificates';
export * from './companyLimits';
export type * from './contract';
export * from './contrast';
export * from './elearnings';
// The list of every error code is '@dash/shared-core/error-codes' (the browser needs only the type).
export { type ErrorBody, type ErrorCode, isErrorBody } from './errors/codes';
export * from './errors/messages';
export * from './featureFlags';
export * from './format';
export * from './i18n';
export * from './memberImport/fields';
// The permission tables (which role holds what) are '@dash/shared-core/permissions': the server hands the browser
// the signed-in member's permissions, so the shell's first script needs only the roles and the check.
export type { LicenseePermission, MemberPermission, Permission } from './permissions';
export * from './print';
export * from './roles';
export * from './sidebar';
export * from './signedInAccess';
export * from './startPage';
export * from './tables';
export * from './tasks';
export * from './validation/contentSources';
export * from './validation/generators';
export * from './validation/hashPassword';
export * from './validation/rules';
