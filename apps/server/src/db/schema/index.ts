export * from './feedback';
export * from './accounts';
export * from './jobs';
export * from './mail';
export * from './maintenance';
export * from './plans';
export * from './chat';
export * from './organizations';
