/** PostgreSQL's codes for the constraint violations the services answer for. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Whether a query failed with this PostgreSQL error code: drizzle wraps the driver's error
 * (`cause`), PGlite's and node-postgres's alike.
 */
export function isDatabaseError(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
