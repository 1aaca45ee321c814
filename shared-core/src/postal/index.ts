export * from './countries';
export * from './formats';
export * from './validatePostalCode';
