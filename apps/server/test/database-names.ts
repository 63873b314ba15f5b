import { join } from 'node:path';

export const TEMPLATE_DIR = join(import.meta.dirname, '..', '..', '..', '.test-data');

/** The same server, but the maintenance database, for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  return databaseUrlFor(url, 'postgres');
}

export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
