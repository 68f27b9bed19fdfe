export * from './query.ts';
export * from './series.ts';
export * from './auth.ts';
export * from './errors/errors.ts';
export * from './quota/index.ts';
