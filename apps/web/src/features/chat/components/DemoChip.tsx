import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** In the list the chip takes the item's text colour, which stays legible on a selected row. */
export function DemoChip({ inList = false }: { inList?: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <Chip
      size="small"
      color={inList ? 'default' : 'secondary'}
      variant="outlined"
      label={t('model.demo')}
      sx={{ flexShrink: 0 }}
    />
  );
}
