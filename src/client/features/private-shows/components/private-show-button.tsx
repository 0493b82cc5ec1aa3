import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Flex, Tag } from 'antd';
import { ReloadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useSWRConfig } from 'swr';
import { LinkButton } from '@/client/components/link-button';
import { formatTokens } from '@/client/lib/format-amount';
import { sendToLogin } from '@/client/features/wallet-charges/send-to-login';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppSelector } from '@/client/store/hooks';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { cancelPrivateShow } from '../private-shows.api';
import { isPrivateShowKey } from '../private-shows-realtime.saga';
import { showHref } from '../status-labels';
import { usePrivateShowOffer } from '../use-private-show-offer';

// The request form loads on the first "Private show": it sits on every creator's profile.
const PrivateShowRequestDialog = dynamic(
  () => import('./private-show-request-dialog').then((m) => m.PrivateShowRequestDialog),
  { ssr: false },
);

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
  const mounted = useOpenedOnce(open);
  const [cancelling, setCancelling] = useState(false);

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
  const cancel = async (id: string) => {
    setCancelling(true);
    try {
      await cancelPrivateShow(id);
      toast.success('Request cancelled');
      await refresh();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setCancelling(false);
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
          <Button loading={cancelling} onClick={() => void cancel(request._id)}>
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
      {mounted ? (
        <PrivateShowRequestDialog performer={performer} price={data.price ?? 0} open={open} onClose={() => setOpen(false)} onSent={refresh} />
      ) : null}
    </>
  );
}
