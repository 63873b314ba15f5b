import type { Conversation } from '@themis/shared';
import { useListConversationsInfiniteQuery } from './api';

/**
 * The open conversation as the history lists it (its name, whether it is encrypted);
 * undefined while the list loads or when it sits on a page not loaded yet.
 */
export function useListedConversation(pk: string | undefined): Conversation | undefined {
  const { conversation } = useListConversationsInfiniteQuery(undefined, {
    selectFromResult: ({ data }) => ({
      conversation:
        pk === undefined
          ? undefined
          : data?.pages.flatMap((page) => page.items).find((item) => item.pk === pk),
    }),
  });
  return conversation;
}
