export * from './constants';
export * from './errors';
export * from './health';
export * from './maintenance';
export * from './runtime-config';
export * from './realtime';
