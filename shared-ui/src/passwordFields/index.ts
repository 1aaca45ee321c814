// `@dash/shared-ui/password-fields`: its own shared entry, downloaded only by the pages that set a password.
export * from './NewPasswordFields';
