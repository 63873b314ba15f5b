import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BILLING_PERIODS,
  type BillingDetails,
  type BillingDetailsFields,
  type BillingPeriod,
  type UserResponse,
} from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FormError } from '../../../components/form/FormError';
import { useGetMeQuery } from '../../user/api';
import {
  useGetBillingDetailsQuery,
  useGetBillingOverviewQuery,
  useGetQuoteQuery,
  useListCardsQuery,
} from '../api';
import { PaymentCheckout } from '../components/payment/PaymentCheckout';
import { usePlanName } from '../plan-name';

const DEFAULT_COUNTRY = 'PL';

const isPeriod = (value: string | null): value is BillingPeriod =>
  (BILLING_PERIODS as readonly (string | null)[]).includes(value);

/** The saved details, else what the account already knows about the user. */
function initialDetails(saved: BillingDetails | null, user: UserResponse): BillingDetailsFields {
  return (
    saved ?? {
      country: DEFAULT_COUNTRY,
      city: '',
      zip_code: '',
      address: '',
      phone: user.phone_number ?? '',
      email: user.email,
      first_name: user.name ?? '',
      last_name: user.surname ?? '',
      company_name: '',
      nip: '',
    }
  );
}

/** /payment?plan=…&period=…[&organization=…]: paying for a plan, or changing to it. */
export function PaymentPage() {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const [params] = useSearchParams();
  const planPk = params.get('plan') ?? '';
  const period = params.get('period');
  const organizationPk = params.get('organization') || null;
  const valid = planPk !== '' && isPeriod(period);
  const skip = { skip: !valid };
  const quote = useGetQuoteQuery(
    { planPk, period: isPeriod(period) ? period : 'monthly', organizationPk },
    skip,
  );
  const overview = useGetBillingOverviewQuery(organizationPk, skip);
  const cards = useListCardsQuery(organizationPk, skip);
  const details = useGetBillingDetailsQuery(organizationPk, skip);
  const me = useGetMeQuery(undefined, skip);
  const queries = [quote, overview, cards, details, me];
  const failed = queries.find((query) => query.error !== undefined && !query.data);

  const backPath = organizationPk ? paths.organizationBilling : paths.billingPlans;
  const donePath = organizationPk ? paths.organizationBilling : paths.billingSubscription;

  let content;
  if (!valid) {
    content = (
      <Alert severity="warning" role="note">
        {t('payment.invalidLink')}
      </Alert>
    );
  } else if (failed) {
    content = (
      <FormError error={failed.error}>
        <Button
          color="inherit"
          size="small"
          sx={{ ml: 1 }}
          onClick={() => queries.forEach((query) => void query.refetch())}
        >
          {t('retry')}
        </Button>
      </FormError>
    );
  } else if (!quote.data || !overview.data || !cards.data || !details.data || !me.data) {
    content = <CircularProgress aria-label={t('common:loading')} />;
  } else if (quote.data.kind === 'unchanged') {
    content = (
      <Alert severity="info" role="note" data-testid="payment-unchanged">
        {t('payment.unchanged', { plan: planName(quote.data.plan) })}
      </Alert>
    );
  } else {
    content = (
      <PaymentCheckout
        quote={quote.data}
        overview={overview.data}
        cards={cards.data}
        initialDetails={initialDetails(details.data.details, me.data)}
        organizationPk={organizationPk}
        donePath={donePath}
      />
    );
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, overflowY: 'auto', height: '100%' }} data-testid="payment-page">
      <Stack spacing={2} sx={{ maxWidth: '72rem', mx: 'auto' }}>
        <Box>
          <Button
            component={RouterLink}
            to={backPath}
            startIcon={<ArrowBackIcon aria-hidden />}
            data-testid="payment-back"
          >
            {t(organizationPk ? 'payment.backOrganization' : 'payment.back')}
          </Button>
        </Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {t('payment.title')}
        </Typography>
        {content}
      </Stack>
    </Box>
  );
}
