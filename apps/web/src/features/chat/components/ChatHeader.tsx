import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Conversation } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import { ExportButton } from '../../export';
import { ShareButton } from '../../sharing';
import { useConversationName } from './ConversationRow';
import { EncryptedMark } from './EncryptedMark';
import { ModelMenu, type ModelMenuProps } from './ModelMenu';
import { UsageMeter } from './UsageMeter';

export interface ChatHeaderProps {
  conversationId: string | undefined;
  /** The open conversation as the history lists it. */
  listed: Conversation | undefined;
  empty: boolean;
  modelMenu: ModelMenuProps;
}

/** Above the conversation: its name for screen readers, the model, the usage, sharing, export. */
export function ChatHeader({ conversationId, listed, empty, modelMenu }: ChatHeaderProps) {
  const { t } = useTranslation('chat');
  const conversationName = useConversationName();
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        // On a phone the usage goes under the model rather than squeezing it.
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        px: { xs: 1, sm: 2 },
        py: 1,
      }}
    >
      {/* The empty chat's greeting is its heading; a conversation is named by its own. */}
      {!empty && (
        <Typography component="h1" sx={visuallyHidden}>
          {listed ? conversationName(listed) : t('history.untitled')}
        </Typography>
      )}
      <ModelMenu {...modelMenu} />
      {conversationId && listed?.is_encrypted && <EncryptedMark />}
      <UsageMeter />
      {conversationId && !empty && (
        // Together, so that on a phone they wrap as one.
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            flexShrink: 0,
            ml: { xs: 'auto', sm: 0 },
          }}
        >
          <ShareButton
            conversationPk={conversationId}
            name={listed && conversationName(listed)}
            encrypted={listed?.is_encrypted ?? false}
          />
          <ExportButton
            target={{ conversationPk: conversationId }}
            name={listed && conversationName(listed)}
          />
        </Box>
      )}
    </Box>
  );
}
