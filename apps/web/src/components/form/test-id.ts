/**
 * A data-testid for slot props that MUI types without data attributes (a checkbox's
 * input); spread in, as object literals may not name them.
 */
export function testIdProps(id: string): Record<string, string> {
  return { 'data-testid': id };
}
