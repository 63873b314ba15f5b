import { ChatEmptyState } from '../components/ChatEmptyState';

/** /chat and /chat/:conversationId; the conversation view itself arrives with the chat feature. */
export function ChatPage() {
  return <ChatEmptyState />;
}
