export * from './csv';
export * from './dateTime';
export * from './format';
