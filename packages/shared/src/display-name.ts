/**
 * 'Name Surname', or whichever exists, or the e-mail (spec §3). Kept free of zod so the
 * shell can show it without loading the schemas.
 */
export function displayName(user: {
  name: string | null;
  surname: string | null;
  email: string;
}): string {
  const full = [user.name, user.surname].filter((part) => part && part.trim()).join(' ');
  return full || user.email;
}
