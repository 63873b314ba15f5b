import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import type { SharePerson } from '@themis/shared';

/** Up to two letters of a name; empty when there is no name. */
function nameInitials(fullName: string | null): string {
  return (fullName ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toLocaleUpperCase();
}

export interface PersonAvatarProps extends Omit<AvatarProps, 'children' | 'src' | 'alt' | 'sx'> {
  person: SharePerson;
  /** Names the avatar for assistive technology; without it the avatar is decoration. */
  label?: string;
  size?: number;
}

/**
 * A link's owner or visitor: their picture, else their initials, else a person icon. Other
 * props reach the avatar, so a tooltip can wrap it.
 */
export function PersonAvatar({ person, label, size = 32, ...props }: PersonAvatarProps) {
  const letters = nameInitials(person.full_name);
  return (
    <Avatar
      {...props}
      src={person.avatar_url ?? undefined}
      alt=""
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        fontWeight: 600,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {letters || <PersonOutlineOutlinedIcon sx={{ fontSize: size * 0.6 }} />}
    </Avatar>
  );
}
