// Its own entry (`@dash/shared-core/postal`): the format data is downloaded only by forms with addresses.
export * from './countries';
export * from './formats';
export * from './validatePostalCode';
export * from './zipcode';
