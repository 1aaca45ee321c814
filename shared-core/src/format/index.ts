export * from './csv';
export * from './format';
