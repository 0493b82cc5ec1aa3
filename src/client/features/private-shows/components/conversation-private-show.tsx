import type { Conversation } from '@/common/contract/messaging';
import { useAppSelector } from '@/client/store/hooks';
import { PrivateShowButton } from './private-show-button';
import { PrivateShowRequests } from './private-show-requests';

/**
 * Private shows in a conversation: a fan talking to a creator gets the request button; a creator
 * sees the requests of this conversation with accept and decline.
 */
export function ConversationPrivateShow({ conversation }: { conversation: Conversation }) {
  const isPerformer = useAppSelector((s) => s.user.current.isPerformer);
  const liveOn = useAppSelector((s) => s.settings.agoraEnable);
  const party = conversation.recipient;
  // Private shows are live streams: nothing to offer while live streaming is off on the site.
  if (!party || !liveOn) return null;
  if (party.isPerformer && !isPerformer) return <PrivateShowButton performer={party} />;
  if (isPerformer && !party.isPerformer) return <PrivateShowRequests conversationId={conversation._id} />;
  return null;
}
