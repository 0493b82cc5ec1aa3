import { useEffect, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BookFilled, BookOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { ContentType } from '@/common/contract/content';
import { useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { formatCompact } from '@/client/lib/format-amount';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { setContentReaction, type ContentReaction } from '../engagement.api';

export interface ReactionBarProps {
  objectType: ContentType;
  objectId: string;
  isLiked: boolean;
  isBookmarked: boolean;
  stats: { likes: number; bookmarks: number };
  /** The viewer cannot open the item: likes are for those who can; bookmarks stay open (save for later). */
  locked?: boolean;
}

interface Toggle {
  active: boolean;
  count: number;
  pending: boolean;
}

const LOCKED_LIKE = 'Unlock this to like it';

/**
 * Like and bookmark toggles with counts. Optimistic: the button turns and the count moves at
 * once, then follows the server's total; a failure puts both back and shows the message (spec 8).
 * A signed-out visitor is sent to sign in and brought back here.
 */
export function ReactionBar({ objectType, objectId, isLiked, isBookmarked, stats, locked = false }: ReactionBarProps) {
  const goToLogin = useLoginRedirect();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [like, setLike] = useState<Toggle>({ active: isLiked, count: stats.likes, pending: false });
  const [bookmark, setBookmark] = useState<Toggle>({ active: isBookmarked, count: stats.bookmarks, pending: false });

  // A new item, or fresh data from the page, replaces the local state.
  useEffect(() => setLike({ active: isLiked, count: stats.likes, pending: false }), [objectId, isLiked, stats.likes]);
  useEffect(() => setBookmark({ active: isBookmarked, count: stats.bookmarks, pending: false }), [objectId, isBookmarked, stats.bookmarks]);

  const toggle = async (action: ContentReaction, current: Toggle, set: (t: Toggle) => void) => {
    if (!loggedIn) {
      goToLogin();
      return;
    }
    if (current.pending) return;
    const next = !current.active;
    set({ active: next, count: Math.max(0, current.count + (next ? 1 : -1)), pending: true });
    try {
      const res = await setContentReaction(objectType, objectId, action, next);
      set({ active: res.data.active, count: res.data.total, pending: false });
    } catch (err) {
      set({ ...current, pending: false });
      toast.error(getErrorMessage(err));
    }
  };

  const likeDisabled = loggedIn && locked && !like.active;
  const likeLabel = like.active ? 'Unlike' : 'Like';
  const bookmarkLabel = bookmark.active ? 'Remove bookmark' : 'Bookmark';

  return (
    <Space size={4} aria-label="Reactions">
      <Tooltip title={likeDisabled ? LOCKED_LIKE : likeLabel}>
        <Button
          type="text"
          icon={like.active ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
          aria-label={likeLabel}
          aria-pressed={like.active}
          disabled={likeDisabled}
          loading={like.pending}
          onClick={() => toggle('like', like, setLike)}
        >
          <span data-testid="like-count">{formatCompact(like.count)}</span>
        </Button>
      </Tooltip>
      <Tooltip title={bookmarkLabel}>
        <Button
          type="text"
          icon={bookmark.active ? <BookFilled /> : <BookOutlined />}
          aria-label={bookmarkLabel}
          aria-pressed={bookmark.active}
          loading={bookmark.pending}
          onClick={() => toggle('bookmark', bookmark, setBookmark)}
        >
          <span data-testid="bookmark-count">{formatCompact(bookmark.count)}</span>
        </Button>
      </Tooltip>
    </Space>
  );
}
