import { useState } from 'react';
import { Button, Flex, Input, Modal, Tag, Typography } from 'antd';
import { ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useSWRConfig } from 'swr';
import { PRIVATE_SHOW_MESSAGE_MAX } from '@/common/contract/private-shows';
import { LinkButton } from '@/client/components/link-button';
import { formatTokens } from '@/client/lib/format-amount';
import { sendToLogin } from '@/client/features/wallet-charges/send-to-login';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { cancelPrivateShow, requestPrivateShow } from '../private-shows.api';
import { isPrivateShowKey } from '../private-shows-realtime.saga';
import { showHref } from '../status-labels';
import { usePrivateShowOffer } from '../use-private-show-offer';

interface Props {
  performer: { _id: string; name: string; username?: string | null };
}

/**
 * A fan's private show button, on a creator's profile and in the conversation with them: the
 * price and "Request", then the request's state (waiting, with cancel; accepted or on, with the
 * join link to the live viewer page where the ticket is paid). Nothing when the creator takes no
 * requests or live streaming is off.
 */
export function PrivateShowButton({ performer }: Props) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const isPerformer = useAppSelector((s) => s.user.current.isPerformer);
  const { data, error, isLoading, mutate } = usePrivateShowOffer(performer._id);
  const { mutate: mutateGlobal } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'send' | 'cancel' | null>(null);

  if (isPerformer) return null;
  if (isLoading) return <Button loading disabled icon={<VideoCameraOutlined />}>Private show</Button>;
  if (error) {
    return (
      <Button icon={<ReloadOutlined />} onClick={() => void mutate()} title={getErrorMessage(error)}>
        Private show: try again
      </Button>
    );
  }
  if (!data?.enabled && !data?.openRequest) return null;

  const refresh = () => mutateGlobal(isPrivateShowKey);
  const send = async () => {
    setBusy('send');
    try {
      await requestPrivateShow({ performerId: performer._id, ...(note.trim() ? { message: note.trim() } : {}) });
      toast.success('Private show request sent');
      setOpen(false);
      setNote('');
      await refresh();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const cancel = async (id: string) => {
    setBusy('cancel');
    try {
      await cancelPrivateShow(id);
      toast.success('Request cancelled');
      await refresh();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const request = data.openRequest;
  if (request) {
    const href = showHref({ _id: performer._id, username: performer.username ?? null });
    return (
      <Flex gap={8} wrap align="center">
        {request.status === 'pending' ? <Tag color="gold">Private show requested</Tag> : null}
        {request.status !== 'pending' ? (
          <LinkButton type="primary" href={href} icon={<VideoCameraOutlined />}>
            {request.isPaid ? 'Join private show' : `Join private show (${formatTokens(request.price)})`}
          </LinkButton>
        ) : null}
        {request.status !== 'started' ? (
          <Button loading={busy === 'cancel'} onClick={() => void cancel(request._id)}>
            Cancel request
          </Button>
        ) : null}
      </Flex>
    );
  }

  return (
    <>
      <Button icon={<VideoCameraOutlined />} onClick={() => (loggedIn ? setOpen(true) : sendToLogin())}>
        Private show · {formatTokens(data.price ?? 0)}
      </Button>
      <Modal
        open={open}
        title={`Ask ${performer.name} for a private show`}
        okText="Send request"
        confirmLoading={busy === 'send'}
        onOk={() => void send()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>
            A one-to-one live show for {formatTokens(data.price ?? 0)}. You pay from your wallet when you join the accepted
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
    </>
  );
}
