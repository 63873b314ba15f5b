/** Route paths in one place, so links and the router never drift apart. */
export const paths = {
  root: '/',
  chat: '/chat',
  login: '/login',
  register: '/register',
  registerConfirmation: '/register/confirmation',
  activation: '/activation',
  activated: '/activation/activated',
  resetRequest: '/send-reset-password-link',
  resetRequestSuccess: '/send-reset-password-link/success',
  resetPassword: '/reset-password',
  questionnaire: '/questionnaire',
  auth: '/auth',
  authSuccess: '/auth/success',
  authFailure: '/auth/failure',
  authCancel: '/auth/cancel',
  providerLogin: '/auth/login',
  authSignup: '/auth/signup',
  authSignout: '/auth/signout',
  terms: '/terms',
  privacy: '/privacy',
  organizationInvitation: '/organizations/invitation',
  organizations: '/organizations',
} as const;

/** A path with an `email` query parameter, as the registration and activation pages take. */
export function withEmail(path: string, email: string): string {
  return `${path}?${new URLSearchParams({ email }).toString()}`;
}
