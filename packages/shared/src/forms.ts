/**
 * The schemas behind the web app's forms, as one entry the web app loads on demand:
 * pages render without zod and load it with the first validation.
 */
export * from './auth';
export * from './chat';
export * from './encryption';
export * from './feedback';
export * from './organizations';
export * from './user';
export * from './validation';
