// `@dash/shared-ui/display`: its own shared entry (risk factor, due status, yes/no, batch progress), downloaded only
// by the pages that show them.
export * from './Display';
