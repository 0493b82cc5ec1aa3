import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { MESSAGE_TEXT_MAX } from '@/common/contract/messaging';
import { GENERIC_UPDATE_ERROR, getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { sendMassMessage } from '../messages.api';

/**
 * A creator's message to all their active subscribers. The API queues it and sends one ordinary
 * message per fan in the background, so each fan finds it in their own conversation.
 */
export function MassMessageButton() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const trimmed = text.trim();

  const send = async () => {
    setSending(true);
    try {
      const res = await sendMassMessage({ text: trimmed });
      const n = res.data.recipients;
      toast.success(n === 1 ? 'Sending to 1 subscriber' : `Sending to ${n} subscribers`);
      setText('');
      setOpen(false);
    } catch (err) {
      toast.error(getErrorMessage(err, GENERIC_UPDATE_ERROR));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button icon={<NotificationOutlined />} onClick={() => setOpen(true)}>
        Message all subscribers
      </Button>
      <Modal
        open={open}
        title="Message all subscribers"
        okText="Send to all"
        onOk={send}
        okButtonProps={{ loading: sending, disabled: !trimmed || trimmed.length > MESSAGE_TEXT_MAX }}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Every active subscriber gets it as a private message in their conversation with you.
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Message to all subscribers"
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={MESSAGE_TEXT_MAX}
          showCount
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Modal>
    </>
  );
}
