// `@dash/shared-ui/upload`: its own shared entry, downloaded only by the pages that upload.

export * from './Upload';
export * from './upload';
