import type { Viewer } from '../blocking/viewer';
import type { WriteFacts } from './messaging.repository';

export interface Party {
  id: string;
  role: 'user' | 'performer' | 'admin';
  status: 'active' | 'inactive' | 'suspended';
}

/** Why a sender may not write; null when they may. Each text is shown to the person as it is. */
export type WriteRefusal = { status: 403 | 404; message: string } | null;

export const BLOCKED_MESSAGE = 'You cannot send messages to this person';

/**
 * The who-may-write rule (README "Messaging"):
 * - one side must be a creator (fans do not message fans), the other account active;
 * - nobody writes across a block: a creator's block of the account, or of the sender's country;
 * - anyone may answer someone who already wrote to them in this conversation;
 * - a fan starts a conversation with a creator as the creator's setting allows: `followers`
 *   (followers and subscribers, the default) or `subscribers` only;
 * - a creator starts one with a fan who follows or subscribes to them.
 * A pure function of what the database says (`WriteFacts`, read in one statement with the send's
 * other checks), so the rule costs no round trip of its own.
 */
export function writeRefusal(
  sender: Viewer & { userId: string },
  recipient: Party,
  /** The recipient already wrote to the sender in their conversation. */
  recipientHasWritten: boolean,
  facts: WriteFacts,
): WriteRefusal {
  if (recipient.status !== 'active') return { status: 404, message: 'This account is no longer available' };
  const senderIsCreator = sender.role === 'performer';
  const recipientIsCreator = recipient.role === 'performer';
  if (!senderIsCreator && !recipientIsCreator) return { status: 403, message: 'Messages are between fans and creators' };
  if (facts.blockedEitherWay) return { status: 403, message: BLOCKED_MESSAGE };
  // A creator's country block (operators are never blocked).
  if (recipientIsCreator && sender.role !== 'admin' && facts.countryBlocked) return { status: 403, message: BLOCKED_MESSAGE };
  if (recipientHasWritten) return null;
  if (recipientIsCreator) {
    if (facts.senderSubscribes) return null;
    if (facts.policy === 'subscribers') return { status: 403, message: 'Subscribe to this creator to send a message' };
    if (facts.senderFollows) return null;
    return { status: 403, message: 'Follow this creator to send a message' };
  }
  // A creator writing to a fan (or to another creator who has not written to them).
  if (facts.recipientFollows || facts.recipientSubscribes) return null;
  return { status: 403, message: 'You can message fans who follow or subscribe to you, or who wrote to you' };
}
