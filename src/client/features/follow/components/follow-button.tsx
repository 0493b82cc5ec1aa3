import { useEffect, useState } from 'react';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import UserAddOutlined from '@ant-design/icons-svg/es/asn/UserAddOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import type { FollowState } from '@/common/contract/social';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { follow, unfollow } from '../follow.slice';
import { followPerformer, unfollowPerformer } from '../follow.api';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { PlainButton } from '@/client/components/plain-button';

export interface FollowButtonProps {
  performerId: string;
  /** What the API said when this creator arrived; seeds followedIds. */
  isFollowed: boolean;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** The server's answer after a follow or unfollow (the new follower count). */
  onChange?: (state: FollowState) => void;
}

/**
 * Follow / Following toggle, drawn without antd (components/plain-button.tsx): it is on every
 * creator card, the start page's among them. The state lives in followedIds (spec 3/4), so every button for the
 * same creator agrees; the click is optimistic and reverted when the API refuses.
 */
export function FollowButton({ performerId, isFollowed, size, block, onChange }: FollowButtonProps) {
  const dispatch = useAppDispatch();
  const goToLogin = useLoginRedirect();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const inStore = useAppSelector((s) => s.follow.followedIds.includes(performerId));
  const [pending, setPending] = useState(false);
  // Until the seed has run (first render, SSR) the prop is the best knowledge there is.
  const [seeded, setSeeded] = useState(false);

  useEffect(() => {
    if (loggedIn) dispatch(isFollowed ? follow(performerId) : unfollow(performerId));
    setSeeded(true);
  }, [dispatch, loggedIn, performerId, isFollowed]);

  const followed = loggedIn && (seeded ? inStore : isFollowed || inStore);

  const toggle = async () => {
    if (!loggedIn) {
      goToLogin();
      return;
    }
    const next = !followed;
    dispatch(next ? follow(performerId) : unfollow(performerId));
    setPending(true);
    try {
      const res = await (next ? followPerformer(performerId) : unfollowPerformer(performerId));
      // Again after the answer: a followedIds load that was under way at the click may have replaced the list.
      dispatch(res.data.isFollowed ? follow(performerId) : unfollow(performerId));
      onChange?.(res.data);
    } catch (err) {
      dispatch(next ? unfollow(performerId) : follow(performerId));
      toast.error(getErrorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <PlainButton
      look={followed ? 'default' : 'primary'}
      size={size}
      block={block}
      loading={pending}
      icon={followed ? <PlainIcon icon={CheckOutlined} /> : <PlainIcon icon={UserAddOutlined} />}
      aria-label={followed ? 'Following' : 'Follow'}
      aria-pressed={followed}
      onClick={() => void toggle()}
    >
      {followed ? 'Following' : 'Follow'}
    </PlainButton>
  );
}
