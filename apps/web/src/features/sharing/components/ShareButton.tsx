import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanShare } from '../use-can-share';
import type { ShareDialogProps } from './ShareDialog';
import { HeaderActionButton } from '../../../components/HeaderActionButton';

// The dialog loads when first opened, not with the chat.
const ShareDialog = lazy(async () => ({
  default: (await import('./ShareDialog')).ShareDialog,
}));

/** The chat header's share button and its dialog; nothing for those who may not share. */
export function ShareButton(props: Omit<ShareDialogProps, 'onClose'>) {
  const { t } = useTranslation('sharing');
  const canShare = useCanShare();
  const [open, setOpen] = useState(false);
  if (!canShare) return null;
  return (
    <>
      <HeaderActionButton
        icon={<ShareOutlinedIcon />}
        label={t('share')}
        testId="chat-share"
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <ShareDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
