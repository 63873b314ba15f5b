// What other modules use of this one: they import it from here, never its files.
export { avatarUrl, discardFile, renderAvatar } from './user-avatar.service';
export { getUser } from './user.service';
