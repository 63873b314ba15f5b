import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { ShellNoticeCard } from '../components/ShellNoticeCard';

const CreateOrganizationDialog = lazy(async () => ({
  default: (await import('../components/CreateOrganizationDialog')).CreateOrganizationDialog,
}));

/** /organizations/* in the individual context: there is no organization to show. */
export function NoOrganizationPage() {
  const { t } = useTranslation('organizations');
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ShellNoticeCard
        icon={<BusinessOutlinedIcon aria-hidden color="secondary" sx={{ fontSize: 40 }} />}
        title={t('page.noOrganization')}
        testId="no-organization"
      >
        <Typography color="text.secondary">{t('page.noOrganizationHint')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('page.createOrganization')}
          </Button>
          <Button component={RouterLink} to={paths.chat} variant="outlined">
            {t('invitation.toChat')}
          </Button>
        </Stack>
      </ShellNoticeCard>
      {creating && (
        <Suspense fallback={null}>
          <CreateOrganizationDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
