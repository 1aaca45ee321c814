// `@dash/shared-ui/dialog`: its own shared entry (modal and dialog), downloaded only by the pages that open one.
export * from './Modal';
