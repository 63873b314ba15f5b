import type { UserResponse } from '@themis/shared';

/** Up to two letters for the avatar: of the name and surname, else of the e-mail. */
export function initials(user: Pick<UserResponse, 'name' | 'surname' | 'email'>): string {
  const letters = [user.name, user.surname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .filter(Boolean);
  return (letters.length > 0 ? letters.join('') : user.email.charAt(0)).toLocaleUpperCase();
}
