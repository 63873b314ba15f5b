import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { SHARE_VISITOR_AVATARS, type SharedLink } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from './PersonAvatar';

const SIZE = 28;

/** The first visitors of a link as avatars, named in tooltips, then "+N" for the rest. */
export function VisitorAvatars({ link }: { link: Pick<SharedLink, 'users' | 'visitors_count'> }) {
  const { t } = useTranslation('sharing');
  if (link.visitors_count === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('manager.noVisitors')}
      </Typography>
    );
  }
  const shown = link.users.slice(0, SHARE_VISITOR_AVATARS);
  const more = link.visitors_count - shown.length;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="link-visitors">
      {shown.map((person, index) => {
        const name = person.full_name ?? t('manager.unnamedVisitor');
        return (
          // Visitors have no id of their own here; the list is in visiting order.
          <Tooltip key={index} title={name}>
            <PersonAvatar person={person} label={name} size={SIZE} />
          </Tooltip>
        );
      })}
      {more > 0 && (
        <Tooltip title={t('manager.moreVisitors', { count: more })}>
          <Avatar
            role="img"
            aria-label={t('manager.moreVisitors', { count: more })}
            data-testid="link-more-visitors"
            sx={{
              width: SIZE,
              height: SIZE,
              fontSize: '0.75rem',
              fontWeight: 600,
              bgcolor: 'action.selected',
              color: 'text.primary',
            }}
          >
            <span aria-hidden>+{more}</span>
          </Avatar>
        </Tooltip>
      )}
    </Stack>
  );
}
