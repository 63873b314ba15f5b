import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Organization } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { ProfileIcon } from './ProfileIcon';

export interface OrganizationMenuButtonProps {
  /** The id of the menu it opens. */
  menuId: string;
  open: boolean;
  current: Organization | null;
  currentName: string;
  /** Invitations wait for an answer: a dot says so. */
  invited: boolean;
  onOpen: (anchor: HTMLElement) => void;
}

/** The sidebar's button naming the profile the user acts in; it opens the menu. */
export function OrganizationMenuButton({
  menuId,
  open,
  current,
  currentName,
  invited,
  onOpen,
}: OrganizationMenuButtonProps) {
  const { t } = useTranslation('organizations');
  return (
    <ButtonBase
      data-testid="organization-menu-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      aria-label={`${t('menu.button')}: ${currentName}`}
      onClick={(event) => onOpen(event.currentTarget)}
      sx={{
        width: '100%',
        justifyContent: 'flex-start',
        gap: 1.5,
        p: 1,
        mb: 0.5,
        borderRadius: 1,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <ProfileIcon organization={current} />
      <Typography noWrap sx={{ flexGrow: 1, minWidth: 0, textAlign: 'left', fontWeight: 500 }}>
        {currentName}
      </Typography>
      {invited && (
        <Box
          component="span"
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main' }}
        />
      )}
      <UnfoldMoreIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
    </ButtonBase>
  );
}
