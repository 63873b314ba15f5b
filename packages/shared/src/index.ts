export * from './constants';
export * from './error-codes';
export * from './errors';
export * from './health';
export * from './maintenance';
export * from './realtime';
export * from './runtime-config';
export * from './runtime-config.schema';
