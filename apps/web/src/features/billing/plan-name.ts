import type { Plan } from '@themis/shared';
import { useTranslation } from 'react-i18next';

/**
 * A plan's name as shown: a free plan's name is a word to translate, a paid plan's name
 * (Pro, Business) is a brand that stays as the catalogue gives it.
 */
export function usePlanName() {
  const { t } = useTranslation('billing');
  return (plan: Pick<Plan, 'is_free' | 'product_name'>) =>
    plan.is_free ? t('plans.free') : plan.product_name;
}
