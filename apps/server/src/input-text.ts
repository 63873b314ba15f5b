/** Input checks shared by the HTTP API and the WebSocket. */

const MAX_DEPTH = 32;

/** The path of the first string holding a NUL character, or undefined. */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : undefined;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replace(/\0/g, '')}` : '_';
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}
