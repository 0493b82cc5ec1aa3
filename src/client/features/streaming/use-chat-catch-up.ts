import { useEffect } from 'react';
import { socketService } from '@/client/lib/socket';
import { useAppDispatch } from '@/client/store/hooks';
import { loadStreamMessages } from './stream-message.slice';

/**
 * After the socket dropped and came back, the chat's messages sent meanwhile were missed: the open
 * chat is loaded again (`use-stream-room.ts` re-joins the room on the same status change).
 */
export function useChatCatchUp(conversationId: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let dropped = false;
    const unsubscribe = socketService.subscribe?.((status) => {
      if (status === 'disconnect' || status === 'reconnecting' || status === 'failed') dropped = true;
      else if (status === 'connected' && dropped) {
        dropped = false;
        dispatch(loadStreamMessages({ conversationId }));
      }
    });
    return () => unsubscribe?.();
  }, [dispatch, conversationId]);
}
