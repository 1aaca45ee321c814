// `@dash/shared-ui/confirm-dialog`: its own shared entry, downloaded only by the pages that ask before acting.
export * from './ConfirmDialog';
