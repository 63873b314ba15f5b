import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { PaymentCard } from '@themis/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../app/api/error-message';
import { useToast } from '../../../../app/toast';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useDeleteCardMutation } from '../../api';
import { cardBrand } from '../../billing-format';

/** The saved card paid with, or a new one. */
export const NEW_CARD = 'new';

export interface CardChooserProps {
  cards: PaymentCard[];
  value: string;
  onChange: (value: string) => void;
  /** The labelling heading's id. */
  labelledBy: string;
  /** The new card's form, shown while it is chosen. */
  children: ReactNode;
}

/** The saved cards to pay with (each removable), and adding a new one. */
export function CardChooser({ cards, value, onChange, labelledBy, children }: CardChooserProps) {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const [remove, removing] = useDeleteCardMutation();
  const [toRemove, setToRemove] = useState<PaymentCard>();
  const name = (card: PaymentCard) =>
    t('card', { brand: cardBrand(card.brand), last4: card.last4 });

  async function confirmRemoval() {
    if (!toRemove) return;
    try {
      await remove(toRemove.pk).unwrap();
      void toast.show(t('payment.removed'), { variant: 'success' });
      if (value === toRemove.pk) onChange(NEW_CARD);
    } catch (failure) {
      const { key, values } = errorMessage(failure);
      void toast.show(t(key, values), { variant: 'error' });
    }
    setToRemove(undefined);
  }

  if (cards.length === 0) return children;
  return (
    <>
      <RadioGroup
        aria-labelledby={labelledBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="card-choice"
      >
        {cards.map((card) => (
          <Box
            key={card.pk}
            data-testid="saved-card"
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
          >
            <FormControlLabel
              value={card.pk}
              control={<Radio />}
              label={t('payment.cardLabel', {
                card: name(card),
                month: String(card.exp_month).padStart(2, '0'),
                year: card.exp_year,
              })}
            />
            <IconButton
              aria-label={t('payment.removeCard', { card: name(card) })}
              onClick={() => setToRemove(card)}
              data-testid="saved-card-remove"
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        ))}
        <FormControlLabel
          value={NEW_CARD}
          control={<Radio />}
          label={t('payment.newCard')}
          data-testid="card-choice-new"
        />
      </RadioGroup>
      {value === NEW_CARD && <Box sx={{ mt: 1 }}>{children}</Box>}
      <ConfirmDialog
        open={toRemove !== undefined}
        title={t('payment.removeTitle')}
        description={t('payment.removeDescription', { card: toRemove ? name(toRemove) : '' })}
        confirmLabel={t('payment.removeConfirm')}
        cancelLabel={t('common:cancel')}
        destructive
        loading={removing.isLoading}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setToRemove(undefined)}
      />
    </>
  );
}
