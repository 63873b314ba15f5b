// What other modules use of this one: they import it from here, never its files.
export { queueAccountDeletedNotice } from './account-notices';
export {
  changePassword,
  confirmAccountDeletion,
  sendAccountCode,
  setFirstPassword,
} from './account-security.service';
export { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies } from './auth.cookies';
export { requestOrigin, requireActor } from './auth.guard';
export { consumeCode, countCodeCall, issueCode } from './codes.service';
export {
  authenticateAccess,
  listSessions,
  revokeSession,
  revokeUserSessions,
  shouldPostRefreshToken,
} from './session.service';
