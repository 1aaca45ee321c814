// `@dash/shared-ui/dropdown`: its own shared entry, downloaded only by the pages that use it.
export * from './Dropdown';
