/** Browser-safe entry of shared-core. The zod contract is imported from '@dash/shared-core/contract' on the server. */
export * from './api/client';
export * from './api/routes';
export * from './areas';
export * from './branding';
export type * from './contract';
export * from './errors/codes';
export * from './errors/messages';
export * from './featureFlags';
export * from './format';
export * from './i18n';
export * from './permissions';
export * from './tables';
export * from './tasks';
export * from './validation/generators';
export * from './validation/hashPassword';
export * from './validation/rules';
