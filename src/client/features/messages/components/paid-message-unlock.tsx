import type { Message } from '@/common/contract/messaging';
import { WalletPurchaseButton } from '@/client/features/wallet-charges/components/wallet-purchase-button';
import { useAppDispatch } from '@/client/store/hooks';
import { buyMessage } from '../messages.api';
import { fetchMessages, updateMessage } from '../message.slice';

/**
 * "Unlock for N tokens" on a paid message (`/wallet/charges/message/:id`). The answer carries the
 * message unlocked, which replaces the blurred one in the thread; bought already (another tab)
 * reloads the conversation.
 */
export function PaidMessageUnlock({ message }: { message: Message }) {
  const dispatch = useAppDispatch();
  return (
    <WalletPurchaseButton
      size="small"
      price={message.price}
      title="Unlock this message"
      note="Paid once from your wallet; the files stay open for you."
      done="Message unlocked"
      buy={(key) => buyMessage(message._id, key)}
      onBought={(result) => dispatch(updateMessage(result.message))}
      onAlreadyBought={() => dispatch(fetchMessages({ conversationId: message.conversationId }))}
    />
  );
}
