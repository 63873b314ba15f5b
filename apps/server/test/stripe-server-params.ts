import { invalid } from './stripe-server-model';

// The parameters of a call to the stand-in, form-encoded by the SDK and parsed into nested
// objects (stripe-server.ts), and the routes that take them.

export type Param = string | Params | Param[];
export interface Params {
  [key: string]: Param;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  handle(params: Params, id: string): object;
}

export const text = (params: Params, key: string) => {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
};
export const nested = (params: Params, key: string): Params => {
  const value = params[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
};
export const listOf = (params: Params, key: string): Params[] => {
  const value = params[key];
  return Array.isArray(value)
    ? value.filter((item): item is Params => typeof item === 'object')
    : [];
};
export const required = (params: Params, key: string) => {
  const value = text(params, key);
  if (value === undefined) throw invalid(`Missing required param: ${key}.`);
  return value;
};
export const expandOf = (params: Params) =>
  (Array.isArray(params.expand) ? params.expand : []).filter(
    (path): path is string => typeof path === 'string',
  );
