import { useState } from 'react';
import Router from 'next/router';
import { useAppDispatch } from '@/client/store/hooks';
import { createConversation } from './messages.api';
import { setActiveConversation } from './conversation.slice';
import { conversationHref } from './conversation-href';

/**
 * A creator starting (or reopening) a conversation with a fan: `POST /conversations` with the fan
 * as `user`, then /messages with it open. The server decides whether the creator may write (the fan
 * follows or subscribes, no block either way) and says why not; the error is thrown to the caller.
 */
export function useOpenConversationWithFan() {
  const dispatch = useAppDispatch();
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (fanId: string) => {
    setOpening(fanId);
    try {
      const res = await createConversation({ source: 'user', sourceId: fanId });
      dispatch(setActiveConversation(res.data));
      await Router.push(conversationHref(res.data._id));
    } finally {
      setOpening(null);
    }
  };
  return { open, opening };
}
