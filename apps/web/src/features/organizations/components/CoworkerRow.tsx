import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { displayName, type Member } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListMembersQuery } from '../api';
import type { CoworkerFormat } from '../use-coworker-format';
import { CoworkerAvatar, CoworkerRole, type ManagedRole } from './CoworkerDetails';
import type { TablePaging } from './OrganizationTable';
import { PageRows } from './PageRows';
import { PHONE_ONLY, WIDE_ONLY, WIDE_ONLY_INLINE } from './table-layout';

/** One page of the co-workers found by `search`. */
export function CoworkerPageRows(props: {
  organizationPk: string;
  search: string;
  paging: TablePaging;
  render: (member: Member) => ReactNode;
}) {
  const { t } = useTranslation('organizations');
  const { data } = useListMembersQuery({
    organizationPk: props.organizationPk,
    search: props.search || undefined,
    cursor: props.paging.cursor,
  });
  return (
    <PageRows page={data} paging={props.paging} none={t('coworkers.none')} render={props.render} />
  );
}

export interface CoworkerRowProps {
  member: Member;
  format: CoworkerFormat;
  /** The user may change this member's role and remove them. */
  manageable: boolean;
  onRoleChange: (role: ManagedRole) => void;
  onShowDetails: () => void;
  onRemove: () => void;
}

/**
 * A co-worker: the person, role, tokens this month, when added and last active; on a phone
 * the person with the role under the name, the rest in the detail panel.
 */
export function CoworkerRow({
  member,
  format,
  manageable,
  onRoleChange,
  onShowDetails,
  onRemove,
}: CoworkerRowProps) {
  const { t } = useTranslation('organizations');
  const name = displayName(member.user);
  return (
    <TableRow data-testid="coworker-row">
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CoworkerAvatar member={member} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {member.user.email}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={PHONE_ONLY}>
              {t(`roles.${member.role}`)}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={WIDE_ONLY}>
        <CoworkerRole member={member} manageable={manageable} onChange={onRoleChange} />
      </TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {format.number(member.usage)}
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{format.date(member.date_added)}</TableCell>
      <TableCell sx={WIDE_ONLY}>{format.activity(member)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton aria-label={t('coworkers.showDetails', { name })} onClick={onShowDetails}>
          <InfoOutlinedIcon />
        </IconButton>
        {manageable && (
          <IconButton
            aria-label={t('coworkers.remove', { name })}
            onClick={onRemove}
            sx={WIDE_ONLY_INLINE}
          >
            <DeleteOutlineIcon />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}
