import { Image, Typography } from 'antd';
import type { Feed } from '@/common/contract/feeds';
import type { MediaFileView } from '@/common/contract/media';
import { pickThumbnail } from '@/common/lib/thumbnail';
import { LockedMedia } from '@/client/features/content/components/locked-media';
import { MediaView } from '@/client/features/content/components/media-view';
import { UnlockPrompt } from '@/client/features/content/components/unlock-prompt';
import styles from './feed-card.module.css';

export interface FeedMediaProps {
  feed: Feed;
  isOwner: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 photos · 1 video": what unlocking opens. */
export function filesSummary(files: readonly MediaFileView[]): string {
  const count = (kind: string) => files.filter((f) => f.kind === kind).length;
  return [
    count('image') ? plural(count('image'), 'photo') : null,
    count('video') ? plural(count('video'), 'video') : null,
    count('audio') ? plural(count('audio'), 'audio file') : null,
  ].filter(Boolean).join(' · ');
}

export const performerHrefOf = (feed: Pick<Feed, 'performer'>) => `/${feed.performer.username || feed.performer._id}`;

/**
 * The files of a post. Locked: the public teaser (when there is one) and the post's picture
 * blurred under the unlock call to action, saying what unlocking opens; nothing else is sent by
 * the API. Open: photos in a grid (click to enlarge), then video and audio players.
 */
export function FeedMedia({ feed, isOwner }: FeedMediaProps) {
  const performerHref = performerHrefOf(feed);
  const poster = feed.thumbnail?.thumbnails[0] ?? undefined;

  if (feed.isLocked) {
    const summary = filesSummary(feed.files);
    return (
      <div className={styles.media}>
        {feed.teaser?.url ? <MediaView file={feed.teaser} label="Teaser" poster={poster} /> : null}
        {feed.files.length ? (
          <>
            <LockedMedia preview={pickThumbnail(feed, '')} access={feed.access} price={feed.price} performerHref={performerHref} label="Locked post" item={{ type: 'feed', id: feed._id }} />
            {summary ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>Unlock to see {summary}</Typography.Text> : null}
          </>
        ) : (
          <div className={styles.lockBar} role="group" aria-label="Locked post">
            <UnlockPrompt access={feed.access} price={feed.price} performerHref={performerHref} item={{ type: 'feed', id: feed._id }} />
          </div>
        )}
      </div>
    );
  }

  const photos = feed.files.filter((f) => f.kind === 'image');
  const players = feed.files.filter((f) => f.kind !== 'image');
  if (!feed.files.length && !feed.teaser) return null;
  return (
    <div className={styles.media}>
      {photos.length ? (
        <Image.PreviewGroup>
          <div className={photos.length === 1 ? styles.single : styles.grid}>
            {photos.map((p, i) =>
              p.url ? (
                <Image key={p._id} src={p.url} alt={`Photo ${i + 1} of ${photos.length}`} width="100%" className={styles.photo} />
              ) : (
                <MediaView key={p._id} file={p} label={`Photo ${i + 1}`} isOwner={isOwner} />
              ),
            )}
          </div>
        </Image.PreviewGroup>
      ) : null}
      {players.map((f, i) => (
        <MediaView key={f._id} file={f} label={f.kind === 'audio' ? `Audio ${i + 1}` : `Video ${i + 1}`} isOwner={isOwner} poster={poster} />
      ))}
      {/* The teaser is for those without access; an owner still sees it to check it. */}
      {isOwner && feed.teaser ? (
        <details>
          <summary>Teaser (what fans without access see)</summary>
          <MediaView file={feed.teaser} label="Teaser" isOwner poster={poster} />
        </details>
      ) : null}
    </div>
  );
}
