import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Message } from '@themis/shared';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorCode, UNKNOWN_ERROR_KEY } from '../../../app/api/error-message';
import { afterFirstPage } from '../../../app/first-page';
import { paths } from '../../../app/paths';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useLanguage } from '../../../app/use-language';
import { ShareButton } from '../../sharing';
import { ChatEmptyState } from '../components/ChatEmptyState';
import { ConversationSkeleton } from '../components/ConversationSkeleton';
import { EncryptedMark } from '../components/EncryptedMark';
import { ChatInput } from '../components/ChatInput';
import { useConversationName } from '../components/ConversationRow';
import { ModelMenu } from '../components/ModelMenu';
import { PlanLimitLink } from '../components/PlanLimitLink';
import { PendingQuestionItem } from '../components/QuestionView';
import { UsageMeter } from '../components/UsageMeter';
import { useSwitchVersionMutation } from '../api';
import type { PendingQuestion } from '../chat-store';
import { chatRuntime } from '../realtime/chat-runtime';
import type { PagedVersions } from '../components/MessageList';
import { useAttachments, type PendingFile } from '../use-attachments';
import { useChatActions } from '../use-chat-actions';
import { useConversation } from '../use-conversation';
import {
  isEncryptionRefusal,
  useEncryptionRecovery,
  type ChatNotice as Notice,
} from '../use-encryption-recovery';
import { useLeaveWhenGone } from '../use-leave-when-gone';
import { useListedConversation } from '../use-listed-conversation';
import { useModelChoice } from '../use-model-choice';

// The virtual message list (with the markdown renderer) loads with the first conversation,
// not with the empty chat: once the empty chat is shown and the browser idle, or as the first
// question is typed, so that the answer's first words need not wait for it.
const loadMessageList = () => import('../components/MessageList');
const MessageList = lazy(async () => ({ default: (await loadMessageList()).MessageList }));

const noticeKey = (code: Notice) =>
  code === 'unknown' ? UNKNOWN_ERROR_KEY : `errors:codes.${code}`;

function parseSeq(value: string | null): number | undefined {
  const seq = value === null ? NaN : Number(value);
  return Number.isInteger(seq) ? seq : undefined;
}

/** /chat and /chat/:conversationId: the conversation, its question box and the model. */
export function ChatPage() {
  const { t } = useTranslation('chat');
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
  const conversationName = useConversationName();
  const [draft, setDraft] = useState('');
  // The shown question being asked again in other words.
  const [editing, setEditing] = useState<Message>();
  const [editStarts, setEditStarts] = useState(0);
  const [notice, setNotice] = useState<Notice | undefined>();
  const [dragging, setDragging] = useState(false);
  // The first question of a new chat while its conversation is being created.
  const [creatingWith, setCreatingWith] = useState<PendingQuestion>();
  // The question last sent, given back to the box when encryption refuses it.
  const lastAsked = useRef<{ content: string; editing: Message | undefined; files: PendingFile[] }>(
    undefined,
  );

  /** A refusal is shown; one for encryption opens the dialog that clears it, too. */
  function refuse(code: Notice) {
    setNotice(code);
    if (!isEncryptionRefusal(code)) return;
    void recover(code).then((cleared) => {
      if (cleared) setNotice((current) => (current === code ? undefined : current));
    });
  }

  const actions = useChatActions({ pk: conversationId, model, language, onError: refuse });
  const [switchVersion, { isLoading: switching }] = useSwitchVersionMutation();
  const [pagedAt, setPagedAt] = useState<PagedVersions & { epoch: number }>();
  const attachments = useAttachments({
    ensureConversation: actions.ensureConversation,
    onError: refuse,
  });
  const restoreFiles = attachments.restore;

  // A question refused over the socket goes back to the box with its files, nothing lost; one refused for
  // encryption (locked, or no PIN yet in an encrypted context) opens what clears it too.
  useEffect(() => {
    if (!conversationId) return;
    const { socket, store } = chatRuntime();
    return socket.listen((frame) => {
      if (frame.type !== 'error') return;
      if (frame.conversation_pk !== undefined && frame.conversation_pk !== conversationId) return;
      const asked = lastAsked.current;
      if (frame.request_id && asked) {
        lastAsked.current = undefined;
        setDraft((current) => current || asked.content);
        restoreFiles(asked.files);
        if (asked.editing) setEditing(asked.editing);
      }
      if (!isEncryptionRefusal(frame.detail)) return;
      void recover(frame.detail).then((cleared) => {
        if (cleared) store.setError(conversationId, undefined);
      });
    });
  }, [conversationId, recover, restoreFiles]);

  const streaming = state.messages.some((message) => message.status === 'streaming');
  const shownError = notice ?? state.error;
  // Shown at once, before the conversation exists; the store shows it from the sending on.
  const pending = state.pending ?? creatingWith;
  const shownState = useMemo(
    () => (creatingWith && !state.pending ? { ...state, pending: creatingWith } : state),
    [state, creatingWith],
  );
  const empty =
    (!conversationId && !creatingWith) ||
    (state.loaded && state.messages.length === 0 && !state.sending && !pending);

  useEffect(() => {
    if (empty) return afterFirstPage(loadMessageList);
  }, [empty]);

  async function send() {
    setNotice(undefined);
    const content = draft.trim();
    const files = attachments.uploaded;
    lastAsked.current = {
      content,
      editing,
      files: attachments.files.filter((file) => file.attachmentPk !== undefined),
    };
    // The box empties and the question shows at once; a question not sent comes back.
    setDraft('');
    if (!conversationId && !editing) {
      setCreatingWith({ content, filenames: files.map((file) => file.filename) });
    }
    const sent = await actions.ask(content, files, editing?.pk);
    setCreatingWith(undefined);
    if (!sent) {
      setDraft((current) => current || content);
      return;
    }
    setEditing(undefined);
    attachments.clear();
  }

  function edit(message: Message) {
    setEditing(message);
    setDraft(message.content);
    setEditStarts((count) => count + 1);
  }

  async function showVersion(message: Message, version: number) {
    if (!conversationId) return;
    try {
      const page = await switchVersion({
        conversationPk: conversationId,
        body: { message_pk: message.pk, version },
      }).unwrap();
      const { store } = chatRuntime();
      // The list is rebuilt for the branch now shown: at this message, its pager focused.
      setPagedAt({
        parentPk: message.parent_pk,
        direction: version < message.version ? 'previous' : 'next',
        epoch: store.get(conversationId).epoch + 1,
      });
      store.setPage(conversationId, page, { replace: true });
    } catch (error) {
      refuse(errorCode(error) ?? 'unknown');
    }
  }

  function regenerate(answer: Message) {
    lastAsked.current = undefined;
    actions.regenerate(answer.pk);
  }

  // Handlers that stay the same from render to render, so the messages (memoised) are not
  // drawn again at every delta of an answer; they call this render's functions.
  const latest = useRef({ edit, regenerate, showVersion });
  useLayoutEffect(() => {
    latest.current = { edit, regenerate, showVersion };
  });
  const messageActions = useMemo(
    () => ({
      onEdit: (message: Message) => latest.current.edit(message),
      onRegenerate: (answer: Message) => latest.current.regenerate(answer),
      onSwitchVersion: (message: Message, version: number) =>
        void latest.current.showVersion(message, version),
    }),
    [],
  );

  function dismissError() {
    setNotice(undefined);
    if (conversationId) chatRuntime().store.setError(conversationId, undefined);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!editing) void attachments.add([...event.dataTransfer.files]);
  }

  return (
    <Box
      data-testid="chat-page"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
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
        <ModelMenu models={models} model={model} isLoading={modelsLoading} onChoose={choose} />
        {conversationId && listed?.is_encrypted && <EncryptedMark />}
        <UsageMeter />
        {conversationId && !empty && (
          <ShareButton
            conversationPk={conversationId}
            name={listed && conversationName(listed)}
            encrypted={listed?.is_encrypted ?? false}
          />
        )}
      </Box>
      {empty ? (
        <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex' }}>
          <ChatEmptyState onPickTopic={setDraft} />
        </Box>
      ) : !state.loaded && !pending && !loadFailed && !conversation.locked ? (
        <ConversationSkeleton />
      ) : (
        <Suspense
          fallback={
            // The first question of a visit shows at once, before the list's code has come.
            pending ? (
              <Box sx={{ flex: 1, minHeight: 0 }}>
                <PendingQuestionItem pending={pending} last={state.messages.at(-1)} />
              </Box>
            ) : (
              <ConversationSkeleton />
            )
          }
        >
          <MessageList
            state={shownState}
            highlightSeq={targetSeq}
            loadingOlder={conversation.loadingOlder}
            loadingNewer={conversation.loadingNewer}
            onLoadOlder={() => void conversation.loadOlder()}
            onLoadNewer={() => void conversation.loadNewer()}
            {...messageActions}
            switching={switching}
            pagedAt={pagedAt?.epoch === state.epoch ? pagedAt : undefined}
            onOpenLatest={() => void navigate(`${paths.chat}/${conversationId ?? ''}`)}
          />
        </Suspense>
      )}
      <Box sx={{ pb: 1.5, pt: 1 }}>
        {conversation.locked && (
          <Box sx={{ maxWidth: '48rem', mx: 'auto', px: { xs: 1.5, sm: 3 }, mb: 1 }}>
            <Alert
              severity="info"
              icon={<LockOutlinedIcon />}
              data-testid="chat-locked"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => void conversation.unlock()}
                  data-testid="chat-unlock"
                >
                  {t('encryption.unlock')}
                </Button>
              }
            >
              {t('encryption.locked')}
            </Alert>
          </Box>
        )}
        {(shownError || loadFailed) && (
          <Box sx={{ maxWidth: '48rem', mx: 'auto', px: { xs: 1.5, sm: 3 }, mb: 1 }}>
            <Alert severity="error" onClose={dismissError} data-testid="chat-error">
              {shownError ? t(noticeKey(shownError)) : t('conversation.loadFailed')}
              {shownError === 'monthly_limit_reached' && <PlanLimitLink />}
            </Alert>
          </Box>
        )}
        <ChatInput
          value={draft}
          onChange={(value) => {
            if (empty) void loadMessageList();
            setDraft(value);
            if (notice === 'no_model_selected') setNotice(undefined);
          }}
          onSend={() => void send()}
          onStop={actions.stop}
          streaming={streaming}
          // Until the models are known a question would go without one.
          busy={state.sending || modelsLoading}
          editing={editing !== undefined}
          editStarts={editStarts}
          onCancelEdit={() => {
            setEditing(undefined);
            setDraft('');
          }}
          files={attachments.files}
          onPickFiles={(files) => void attachments.add(files)}
          onRemoveFile={attachments.remove}
        />
      </Box>
      {dragging && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 8,
            display: 'grid',
            placeItems: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 3,
            bgcolor: 'background.default',
            opacity: 0.92,
            pointerEvents: 'none',
          }}
        >
          <Typography component="p" variant="h6">
            {t('attachments.drop')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
