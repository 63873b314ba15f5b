import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Conversation } from '@themis/shared';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../app/paths';
import { EncryptedMark } from './EncryptedMark';

export interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  onNavigate?: () => void;
  onRename: (conversation: Conversation) => void;
  /** Absent for those who may not share (an organization's observers). */
  onShare?: (conversation: Conversation) => void;
  onExport: (conversation: Conversation) => void;
  onDelete: (conversation: Conversation) => void;
}

/** What the history calls a conversation: a locked one's name is not known until unlocked. */
export function useConversationName(): (conversation: Conversation) => string {
  const { t } = useTranslation('chat');
  return (conversation) =>
    conversation.is_locked ? t('history.encrypted') : conversation.name || t('history.untitled');
}

/**
 * One conversation in the history, with its rename, share, export and delete menu. A locked one shows a lock
 * and opens to the unlock dialog (the chat page asks when its messages are refused); an
 * encrypted one that is unlocked is marked as encrypted after its name.
 */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  selected,
  onNavigate,
  onRename,
  onShare,
  onExport,
  onDelete,
}: ConversationRowProps) {
  const { t } = useTranslation('chat');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = useConversationName()(conversation);
  const locked = conversation.is_locked;
  // A locked one says so by its lock and its name already.
  const markedEncrypted = conversation.is_encrypted && !locked;
  const markId = useId();
  const close = () => setAnchor(null);
  return (
    <ListItem
      component="div"
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={t('history.menu', { name })}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreHorizIcon fontSize="small" />
        </IconButton>
      }
    >
      <ListItemButton
        component={NavLink}
        to={`${paths.chat}/${conversation.pk}`}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ borderRadius: 1, pr: 5 }}
        data-locked={locked || undefined}
        // Described rather than named by it: the link keeps the conversation's name.
        aria-describedby={markedEncrypted ? markId : undefined}
      >
        {locked && (
          <ListItemIcon sx={{ minWidth: 28 }}>
            <LockOutlinedIcon fontSize="small" aria-hidden data-testid="conversation-locked" />
          </ListItemIcon>
        )}
        <ListItemText primary={name} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
        {markedEncrypted && (
          <>
            <EncryptedMark decorative />
            <span id={markId} hidden>
              {t('encryption.marker')}
            </span>
          </>
        )}
      </ListItemButton>
      {/* In the row, so inside the history's landmark rather than loose in the body. */}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} disablePortal>
        {/* Its name cannot be read, nor written, until it is unlocked. */}
        {!locked && (
          <MenuItem
            onClick={() => {
              close();
              onRename(conversation);
            }}
          >
            {t('history.rename')}
          </MenuItem>
        )}
        {onShare && (
          <MenuItem
            onClick={() => {
              close();
              onShare(conversation);
            }}
            data-testid="history-share"
          >
            {t('history.share')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            onExport(conversation);
          }}
          data-testid="history-export"
        >
          {t('history.export')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onDelete(conversation);
          }}
          sx={{ color: 'error.main' }}
        >
          {t('history.delete')}
        </MenuItem>
      </Menu>
    </ListItem>
  );
});
