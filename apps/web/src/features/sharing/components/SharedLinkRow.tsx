import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SharedLink } from '@themis/shared';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VisitorAvatars } from './VisitorAvatars';

export interface SharedLinkRowProps {
  link: SharedLink;
  /** Dates, visitors and status in columns of their own; else under the name. */
  wide: boolean;
  /** Formats a date the way the app does. */
  date: (value: string) => string;
  onOpen: (link: SharedLink) => void;
  onCopy: (link: SharedLink) => void;
  onDisable: (link: SharedLink) => void;
  /** Offered instead of disable on a disabled link. */
  onEnable: (link: SharedLink) => void;
  onDelete: (link: SharedLink) => void;
}

function Action(props: {
  label: string;
  testId: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    // The span keeps the tooltip working on a disabled button; it describes, the button is named.
    <Tooltip title={props.label} describeChild>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          disabled={props.disabled}
          onClick={props.onClick}
          data-testid={props.testId}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * One shared link in the link manager, with open, copy, disable (enable, once disabled) and
 * delete.
 */
export const SharedLinkRow = memo(function SharedLinkRow({
  link,
  wide,
  date,
  onOpen,
  onCopy,
  onDisable,
  onEnable,
  onDelete,
}: SharedLinkRowProps) {
  const { t } = useTranslation('sharing');
  const name = link.conversation_name;
  const active = link.status === 'active';
  const expires = link.expired_at ? date(link.expired_at) : t('manager.never');
  const status = (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={t(`manager.statuses.${link.status}`)}
      data-testid="link-status"
    />
  );
  return (
    <TableRow data-testid="shared-link-row" data-status={link.status}>
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: '8rem' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        {!wide && (
          <Stack spacing={0.75} sx={{ mt: 0.75, alignItems: 'flex-start' }}>
            {status}
            <Typography variant="caption" color="text.secondary" component="div">
              {`${t('manager.columns.created')}: ${date(link.created_at)} · ${t('manager.columns.expires')}: ${expires}`}
            </Typography>
            <VisitorAvatars link={link} />
          </Stack>
        )}
      </TableCell>
      {wide && (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(link.created_at)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{expires}</TableCell>
          <TableCell>
            <VisitorAvatars link={link} />
          </TableCell>
          <TableCell>{status}</TableCell>
        </>
      )}
      <TableCell align="right">
        {/* Two by two, so the name keeps its room on a phone. */}
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, auto)', justifyContent: 'end' }}
        >
          <Action
            label={t('manager.open', { name })}
            testId="shared-link-open"
            icon={<OpenInNewIcon fontSize="small" />}
            disabled={!active}
            onClick={() => onOpen(link)}
          />
          <Action
            label={t('manager.copy', { name })}
            testId="shared-link-copy"
            icon={<ContentCopyIcon fontSize="small" />}
            disabled={!active}
            onClick={() => onCopy(link)}
          />
          {link.status === 'disabled' ? (
            <Action
              label={t('manager.enable', { name })}
              testId="shared-link-enable"
              icon={<LinkIcon fontSize="small" />}
              onClick={() => onEnable(link)}
            />
          ) : (
            <Action
              label={t('manager.disable', { name })}
              testId="shared-link-disable"
              icon={<LinkOffIcon fontSize="small" />}
              onClick={() => onDisable(link)}
            />
          )}
          <Action
            label={t('manager.delete', { name })}
            testId="shared-link-delete"
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={() => onDelete(link)}
          />
        </Box>
      </TableCell>
    </TableRow>
  );
});
