import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TERMS_DATE_SHOWN } from '@themis/shared';
import { runtimeConfig } from '../../../app/runtime-config';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import { ContactMailbox } from '../../../components/ContactMailbox';
import { LEGAL_NAMESPACE, registerLegalTexts, type LegalSection } from '../legal-resources';

registerLegalTexts();

type LegalDocument = 'terms' | 'privacy';

const OTHER: Record<LegalDocument, LegalDocument> = { terms: 'privacy', privacy: 'terms' };

/** One legal document: its title, the date it applies from, and its numbered sections. */
function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation(LEGAL_NAMESPACE);
  const values = { email: runtimeConfig().contactEmail };
  const sections = t(`${document}.sections`, { returnObjects: true, ...values });
  const other = OTHER[document];

  return (
    <CardPage
      testId={`legal-${document}`}
      width="wide"
      title={t(`${document}.title`)}
      description={t('effective', { date: TERMS_DATE_SHOWN })}
    >
      <Typography>{t(`${document}.intro`)}</Typography>
      {(Array.isArray(sections) ? (sections as LegalSection[]) : []).map((section) => (
        <Stack component="section" key={section.heading} spacing={1}>
          <Typography component="h2" variant="h6">
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph}>{paragraph}</Typography>
          ))}
        </Stack>
      ))}
      <ContactMailbox prompt={t('contactPrompt')} />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Typography>
          {t('otherDocument')}{' '}
          <Link component={RouterLink} to={paths[other]}>
            {t(`${other}.title`)}
          </Link>
        </Typography>
        <Link component={RouterLink} to={paths.root}>
          {t('back')}
        </Link>
      </Stack>
    </CardPage>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
