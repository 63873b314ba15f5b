import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export interface EncryptedMarkProps {
  /** Hidden from assistive technology: the element it sits in is described by it instead. */
  decorative?: boolean;
}

/** Says a conversation is stored encrypted: in its header and its history row. */
export function EncryptedMark({ decorative = false }: EncryptedMarkProps) {
  const { t } = useTranslation('chat');
  const label = t('encryption.marker');
  return (
    <Tooltip title={label}>
      <LockOutlinedIcon
        {...(decorative ? { 'aria-hidden': true } : { titleAccess: label })}
        fontSize="small"
        data-testid="conversation-encrypted"
        sx={{ color: 'text.secondary', flexShrink: 0 }}
      />
    </Tooltip>
  );
}
