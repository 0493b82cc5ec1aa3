import { useEffect, useState } from 'react';
import BookFilled from '@ant-design/icons-svg/es/asn/BookFilled';
import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import { useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { bookmarkPerformer, unbookmarkPerformer } from '../follow.api';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { PlainButton } from '@/client/components/plain-button';

export interface BookmarkButtonProps {
  performerId: string;
  isBookmarked: boolean;
  size?: 'small' | 'middle' | 'large';
}

/**
 * Bookmark toggle (a `bookmark` reaction on the performer); optimistic, reverted on failure. Drawn
 * without antd like FollowButton; its name is its tooltip (the browser's own).
 */
export function BookmarkButton({ performerId, isBookmarked, size }: BookmarkButtonProps) {
  const goToLogin = useLoginRedirect();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [bookmarked, setBookmarked] = useState(isBookmarked);
  const [pending, setPending] = useState(false);

  useEffect(() => setBookmarked(isBookmarked), [isBookmarked]);

  const active = loggedIn && bookmarked;
  const label = active ? 'Remove bookmark' : 'Bookmark';

  const toggle = async () => {
    if (!loggedIn) {
      goToLogin();
      return;
    }
    const next = !bookmarked;
    setBookmarked(next);
    setPending(true);
    try {
      await (next ? bookmarkPerformer(performerId) : unbookmarkPerformer(performerId));
    } catch (err) {
      setBookmarked(!next);
      toast.error(getErrorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <PlainButton
      size={size}
      loading={pending}
      icon={active ? <PlainIcon icon={BookFilled} /> : <PlainIcon icon={BookOutlined} />}
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={() => void toggle()}
    />
  );
}
