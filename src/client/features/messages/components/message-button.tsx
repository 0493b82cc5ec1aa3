import { useState } from 'react';
import Router from 'next/router';
import { Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { sendToLogin } from '@/client/features/wallet-charges/send-to-login';
import { createConversation } from '../messages.api';
import { setActiveConversation } from '../conversation.slice';
import { conversationHref } from '../conversation-href';

interface Props {
  performer: { _id: string; name: string };
}

/**
 * 'Message' on a creator's profile: opens the conversation with them (the existing one, or a new
 * one) in /messages. The server decides who may write (follow or subscription, blocks) and says
 * why not, which is shown as it is; a signed-out visitor signs in first and comes back.
 */
export function MessageButton({ performer }: Props) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [opening, setOpening] = useState(false);

  const open = async () => {
    if (!loggedIn) {
      sendToLogin();
      return;
    }
    setOpening(true);
    try {
      const res = await createConversation({ source: 'performer', sourceId: performer._id });
      dispatch(setActiveConversation(res.data));
      await Router.push(conversationHref(res.data._id));
    } catch (err) {
      toast.error(getErrorMessage(err, GENERIC_UPDATE_ERROR));
      setOpening(false);
    }
  };

  return (
    <Button icon={<MessageOutlined />} loading={opening} onClick={open} aria-label={`Message ${performer.name}`}>
      Message
    </Button>
  );
}
