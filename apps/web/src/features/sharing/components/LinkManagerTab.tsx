import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_DATE_FORMAT, type SharedLink } from '@themis/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../app/api/error-message';
import { formatDate } from '../../../app/dates';
import { paths } from '../../../app/paths';
import { useToast } from '../../../app/toast';
import { useLanguage } from '../../../app/use-language';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { testIdProps } from '../../../components/form/test-id';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  useDeleteSharedLinkMutation,
  useDisableSharedLinkMutation,
  useListSharedLinksInfiniteQuery,
} from '../api';
import { useCopyLink } from '../use-copy-link';
import { EnableLinkDialog } from './EnableLinkDialog';
import { SharedLinkRow } from './SharedLinkRow';

export interface LinkManagerTabProps {
  /** Called after a conversation is opened, so the settings dialog closes. */
  onNavigate?: () => void;
}

/**
 * The link manager (spec §2): the current context's shared links, newest first, with their
 * visitors and status; open and copy work on active links, disable and delete on all. Disabled
 * links are hidden (spec §2) unless the switch shows them, to be enabled again or deleted.
 */
export function LinkManagerTab({ onNavigate }: LinkManagerTabProps) {
  const { t } = useTranslation('sharing');
  const { language } = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  const copy = useCopyLink();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [showDisabled, setShowDisabled] = useState(false);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useListSharedLinksInfiniteQuery({ includeDisabled: showDisabled });
  const [disable, disabling] = useDisableSharedLinkMutation();
  const [remove, removing] = useDeleteSharedLinkMutation();
  const [toDisable, setToDisable] = useState<SharedLink>();
  const [toEnable, setToEnable] = useState<SharedLink>();
  const [toDelete, setToDelete] = useState<SharedLink>();

  const links = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const date = useCallback(
    (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language }),
    [language],
  );
  const open = useCallback(
    (link: SharedLink) => {
      void navigate(`${paths.chat}/${link.conversation_pk}`);
      onNavigate?.();
    },
    [navigate, onNavigate],
  );
  const copyLink = useCallback((link: SharedLink) => void copy(link.shared_key), [copy]);

  async function confirm(
    call: (pk: string) => { unwrap: () => Promise<unknown> },
    link: SharedLink | undefined,
    doneKey: string,
    close: () => void,
  ) {
    if (!link) return;
    try {
      await call(link.pk).unwrap();
      void toast.show(t(doneKey), { variant: 'success' });
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
    close();
  }

  const columns = wide ? 6 : 2;
  return (
    <Stack spacing={1.5} data-testid="link-manager">
      <Typography component="h2" variant="h6">
        {t('manager.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('manager.intro')}
      </Typography>
      <FormControlLabel
        sx={{ alignSelf: 'flex-start' }}
        control={
          <Switch
            checked={showDisabled}
            onChange={(event) => setShowDisabled(event.target.checked)}
            slotProps={{ input: testIdProps('link-manager-show-disabled') }}
          />
        }
        label={t('manager.showDisabled')}
      />
      {isLoading && <CircularProgress size={24} aria-label={t('manager.loading')} />}
      {isError && !data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('page.retry')}
            </Button>
          }
        >
          {t('manager.loadFailed')}
        </Alert>
      )}
      {data && links.length === 0 && (
        <Typography data-testid="link-manager-empty">
          {t(showDisabled ? 'manager.emptyWithDisabled' : 'manager.empty')}
        </Typography>
      )}
      {links.length > 0 && (
        <TableContainer>
          <Table
            size="small"
            aria-label={t('manager.heading')}
            // Narrower gutters leave the name room beside five other columns.
            sx={{ '& .MuiTableCell-root': { px: 1 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('manager.columns.name')}</TableCell>
                {wide && (
                  <>
                    <TableCell>{t('manager.columns.created')}</TableCell>
                    <TableCell>{t('manager.columns.expires')}</TableCell>
                    <TableCell>{t('manager.columns.visitors')}</TableCell>
                    <TableCell>{t('manager.columns.status')}</TableCell>
                  </>
                )}
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('manager.columns.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {links.map((link) => (
                <SharedLinkRow
                  key={link.pk}
                  link={link}
                  wide={wide}
                  date={date}
                  onOpen={open}
                  onCopy={copyLink}
                  onDisable={setToDisable}
                  onEnable={setToEnable}
                  onDelete={setToDelete}
                />
              ))}
              {hasNextPage && (
                <TableRow>
                  <TableCell colSpan={columns} align="center">
                    <Button
                      onClick={() => void fetchNextPage()}
                      loading={isFetchingNextPage}
                      data-testid="link-manager-more"
                    >
                      {t('manager.loadMore')}
                    </Button>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={toDisable !== undefined}
        title={t('manager.disableTitle')}
        description={t('manager.disableDescription', { name: toDisable?.conversation_name ?? '' })}
        confirmLabel={t('manager.disableConfirm')}
        cancelLabel={t('common:cancel')}
        loading={disabling.isLoading}
        onConfirm={() =>
          void confirm(disable, toDisable, 'manager.disabled', () => setToDisable(undefined))
        }
        onCancel={() => setToDisable(undefined)}
      />
      {toEnable && <EnableLinkDialog link={toEnable} onClose={() => setToEnable(undefined)} />}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('manager.deleteTitle')}
        description={t('manager.deleteDescription', { name: toDelete?.conversation_name ?? '' })}
        confirmLabel={t('manager.deleteConfirm')}
        cancelLabel={t('common:cancel')}
        destructive
        loading={removing.isLoading}
        onConfirm={() =>
          void confirm(remove, toDelete, 'manager.deleted', () => setToDelete(undefined))
        }
        onCancel={() => setToDelete(undefined)}
      />
    </Stack>
  );
}
