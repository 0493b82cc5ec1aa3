import { useState } from 'react';
import { Flex, Input, Modal, Typography } from 'antd';
import { PRIVATE_SHOW_MESSAGE_MAX } from '@/common/contract/private-shows';
import { formatTokens } from '@/client/lib/format-amount';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { requestPrivateShow } from '../private-shows.api';

interface Props {
  performer: { _id: string; name: string };
  price: number;
  open: boolean;
  onClose: () => void;
  /** After the request is stored: the caller refreshes the offers it shows. */
  onSent: () => Promise<unknown>;
}

/** A fan's private show request: the price, what paying means, and an optional note to the creator. */
export function PrivateShowRequestDialog({ performer, price, open, onClose, onSent }: Props) {
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await requestPrivateShow({ performerId: performer._id, ...(note.trim() ? { message: note.trim() } : {}) });
      toast.success('Private show request sent');
      onClose();
      setNote('');
      await onSent();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`Ask ${performer.name} for a private show`}
      okText="Send request"
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          A one-to-one live show for {formatTokens(price)}. You pay from your wallet when you join the accepted
          show; if it does not start, the tokens come back.
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Message to the creator"
          placeholder="Anything the creator should know (optional)"
          value={note}
          maxLength={PRIVATE_SHOW_MESSAGE_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          onChange={(e) => setNote(e.target.value)}
        />
      </Flex>
    </Modal>
  );
}
