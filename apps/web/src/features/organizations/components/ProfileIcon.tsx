import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import type { Organization } from '@themis/shared';

/** An organization's logo (or a building), or a person for the individual profile. */
export function ProfileIcon({ organization }: { organization: Organization | null }) {
  return (
    <Avatar
      aria-hidden
      variant="rounded"
      src={organization?.avatar_url ?? undefined}
      alt=""
      sx={{ width: 28, height: 28, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
    >
      {organization ? (
        <BusinessOutlinedIcon fontSize="small" />
      ) : (
        <PersonOutlineOutlinedIcon fontSize="small" />
      )}
    </Avatar>
  );
}
