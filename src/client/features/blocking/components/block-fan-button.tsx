import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { UserPublic } from '@/common/contract/users';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { blockUser } from '../blocking.api';

interface Props {
  user: Pick<UserPublic, '_id' | 'name' | 'username'>;
  /** After the block went through (the caller refreshes its list). */
  onBlocked?: () => void;
}

/** 'Block' with a confirmation: POST /block/users for this fan. */
export function BlockFanButton({ user, onBlocked }: Props) {
  const [pending, setPending] = useState(false);
  const who = user.username ? `@${user.username}` : user.name;

  const confirm = async () => {
    setPending(true);
    try {
      await blockUser(user._id);
      toast.success(`${user.name || who} blocked`);
      onBlocked?.();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Popconfirm
      title={`Block ${who}?`}
      description="They will no longer see your profile or content, and their follow ends."
      okText="Block"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={confirm}
    >
      <Button size="small" danger icon={<StopOutlined />} loading={pending} aria-label={`Block ${who}`}>
        Block
      </Button>
    </Popconfirm>
  );
}
