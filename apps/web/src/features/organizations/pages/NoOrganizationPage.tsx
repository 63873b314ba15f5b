import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';

const CreateOrganizationDialog = lazy(async () => ({
  default: (await import('../components/CreateOrganizationDialog')).CreateOrganizationDialog,
}));

/** /organizations/* in the individual context: there is no organization to show. */
export function NoOrganizationPage() {
  const { t } = useTranslation('organizations');
  const [creating, setCreating] = useState(false);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 }, overflowY: 'auto' }}>
      <Paper
        variant="outlined"
        data-testid="no-organization"
        sx={{ width: '100%', maxWidth: '32rem', p: { xs: 3, sm: 4 } }}
      >
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <BusinessOutlinedIcon aria-hidden color="secondary" sx={{ fontSize: 40 }} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {t('page.noOrganization')}
          </Typography>
          <Typography color="text.secondary">{t('page.noOrganizationHint')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" onClick={() => setCreating(true)}>
              {t('page.createOrganization')}
            </Button>
            <Button component={RouterLink} to={paths.chat} variant="outlined">
              {t('invitation.toChat')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {creating && (
        <Suspense fallback={null}>
          <CreateOrganizationDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
