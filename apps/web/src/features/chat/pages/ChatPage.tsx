import Box from '@mui/material/Box';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useLanguage } from '../../../app/use-language';
import { ChatHeader } from '../components/ChatHeader';
import { ChatInput } from '../components/ChatInput';
import { ChatNotices } from '../components/ChatNotices';
import { ConversationBody } from '../components/ConversationBody';
import { DropOverlay } from '../components/DropOverlay';
import { loadMessageList, usePreloadMessageList } from '../components/lazy-message-list';
import { useAttachments } from '../use-attachments';
import { useChatActions } from '../use-chat-actions';
import { useChatNotice } from '../use-chat-notice';
import { useConversation } from '../use-conversation';
import { useEncryptionRecovery } from '../use-encryption-recovery';
import { useFileDrop } from '../use-file-drop';
import { useLeaveWhenGone } from '../use-leave-when-gone';
import { useListedConversation } from '../use-listed-conversation';
import { useMessageActions } from '../use-message-actions';
import { useModelChoice } from '../use-model-choice';
import { useQuestionBox } from '../use-question-box';
import { useShownConversation } from '../use-shown-conversation';
import { useVersionSwitch } from '../use-version-switch';

function parseSeq(value: string | null): number | undefined {
  const seq = value === null ? NaN : Number(value);
  return Number.isInteger(seq) ? seq : undefined;
}

/** /chat and /chat/:conversationId: the conversation, its question box and the model. */
export function ChatPage() {
  const { conversationId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const targetSeq = parseSeq(searchParams.get('message'));
  const { language } = useLanguage();
  const { models, model, choose, isLoading: modelsLoading } = useModelChoice();
  const recover = useEncryptionRecovery();
  const conversation = useConversation(conversationId, targetSeq, () =>
    recover('decryption_locked'),
  );
  const { state, loadFailed } = conversation;
  const listed = useListedConversation(conversationId);
  useLeaveWhenGone(conversationId, listed);
  const notice = useChatNotice(conversationId, recover);
  const actions = useChatActions({ pk: conversationId, model, language, onError: notice.refuse });
  const attachments = useAttachments({
    ensureConversation: actions.ensureConversation,
    onError: notice.refuse,
  });
  const box = useQuestionBox({
    conversationId,
    actions,
    attachments,
    recover,
    onSend: notice.clear,
  });
  const versions = useVersionSwitch(conversationId, state.epoch, notice.refuse);
  const messageActions = useMessageActions({
    edit: box.edit,
    regenerate: box.regenerate,
    showVersion: versions.showVersion,
  });
  const { shownState, pending, empty, streaming } = useShownConversation(
    conversationId,
    state,
    box.creatingWith,
  );
  usePreloadMessageList(empty);
  const { dragging, dropTarget } = useFileDrop(!box.editing, (files) => {
    void attachments.add(files);
  });

  return (
    <Box
      data-testid="chat-page"
      {...dropTarget}
      sx={{
        position: 'relative',
        // The page fills what the shell leaves of the screen and scrolls inside itself, so the
        // question box stays at the bottom: a basis of 0px (not 0%, which a column of no set
        // height reads as the content's height) lets the content never stretch the page.
        flex: '1 1 0px',
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <ChatHeader
        conversationId={conversationId}
        listed={listed}
        empty={empty}
        modelMenu={{ models, model, isLoading: modelsLoading, onChoose: choose }}
      />
      <ConversationBody
        empty={empty}
        loading={!state.loaded && !pending && !loadFailed && !conversation.locked}
        pending={pending}
        onPickTopic={box.setDraft}
        list={{
          state: shownState,
          highlightSeq: targetSeq,
          loadingOlder: conversation.loadingOlder,
          loadingNewer: conversation.loadingNewer,
          onLoadOlder: () => void conversation.loadOlder(),
          onLoadNewer: () => void conversation.loadNewer(),
          ...messageActions,
          switching: versions.switching,
          pagedAt: versions.pagedAt,
          onOpenLatest: () => void navigate(`${paths.chat}/${conversationId ?? ''}`),
        }}
      />
      <Box sx={{ pb: 1.5, pt: 1 }}>
        <ChatNotices
          locked={conversation.locked}
          onUnlock={() => void conversation.unlock()}
          error={notice.notice ?? state.error}
          loadFailed={loadFailed}
          onDismissError={notice.dismiss}
        />
        <ChatInput
          value={box.draft}
          onChange={(value) => {
            if (empty) void loadMessageList();
            box.setDraft(value);
            notice.typed();
          }}
          onSend={() => void box.send()}
          onStop={actions.stop}
          streaming={streaming}
          // Until the models are known a question would go without one.
          busy={state.sending || modelsLoading}
          editing={box.editing !== undefined}
          editStarts={box.editStarts}
          onCancelEdit={box.cancelEdit}
          files={attachments.files}
          onPickFiles={(files) => void attachments.add(files)}
          onRemoveFile={attachments.remove}
        />
      </Box>
      {dragging && <DropOverlay />}
    </Box>
  );
}
