// `@dash/shared-ui/table`: its own shared entry, so that pages without a table (sign-in) do not download it.
// Inside, state and router APIs come from `@dash/shared-ui` (the singleton), never by a relative path.
export * from './DataTable';
export * from './DownloadButton';
export * from './download';
export * from './queryRows';
export * from './useTableState';
