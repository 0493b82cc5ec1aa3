import { Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { UserPublic } from '@/common/contract/users';
import { GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useOpenConversationWithFan } from '../use-open-conversation-with-fan';

/** 'Message' beside a fan in a creator's followers or subscribers list: opens the conversation with them. */
export function MessageFanButton({ user }: { user: Pick<UserPublic, '_id' | 'name'> }) {
  const { open, opening } = useOpenConversationWithFan();
  const start = () => open(user._id).catch((err: unknown) => toast.error(getErrorMessage(err, GENERIC_UPDATE_ERROR)));
  return (
    <Button size="small" icon={<MessageOutlined />} loading={opening === user._id} onClick={() => void start()} aria-label={`Message ${user.name}`}>
      Message
    </Button>
  );
}
