import { IntentLink } from '@/client/components/intent-link';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { PlainIcon } from '@/client/components/plain-icon';
import type { PerformerCard as Performer } from '@/common/contract/performers';
import { FollowButton } from '@/client/features/follow/components/follow-button';
import { BookmarkButton } from '@/client/features/follow/components/bookmark-button';
import { useAppSelector } from '@/client/store/hooks';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { formatAmount, formatCompact, formatCount } from '@/client/lib/format-amount';
import { PlainSkeleton } from '@/client/components/plain-skeleton';
import styles from './performer-card.module.css';

/** Spec 2: a profile lives at /{username}, or /{id} while the creator has no username. */
export const profileHref = (p: Pick<Performer, 'username' | '_id'>) => `/${p.username || p._id}`;


/**
 * A creator in a grid: cover strip, avatar, name, @username, bio, followers, price, follow; the card
 * opens the profile. Drawn without antd (the start page's top creators are cards; antd's Avatar,
 * Tag and Tooltip would bring antd into its first load): the look is antd's, from its variables.
 */
export function PerformerCard({ performer }: { performer: Performer }) {
  // Nobody follows or bookmarks themselves: a creator's own card has no buttons.
  const isSelf = useAppSelector((s) => s.user.current._id === performer._id);
  const followers = performer.stats.followers;
  return (
    <article className={styles.card} data-testid="performer-card">
      <div
        className={styles.cover}
        style={performer.cover ? { backgroundImage: `url("${encodeURI(performer.cover)}")` } : undefined}
        aria-hidden
      />
      <div className={styles.body}>
        <div className={styles.top}>
          <span className={styles.avatarRing}>
            {/* plain <img>: the API host (or S3) is only known at run time */}
            <img className={styles.avatar} src={performer.avatar || AVATAR_PLACEHOLDER} alt="" width={64} height={64} />
          </span>
          {!isSelf ? (
            <div className={styles.actions}>
              <BookmarkButton performerId={performer._id} isBookmarked={performer.isBookmarked} size="small" />
              <FollowButton performerId={performer._id} isFollowed={performer.isFollowed} size="small" />
            </div>
          ) : null}
        </div>
        <div className={styles.nameRow}>
          <IntentLink href={profileHref(performer)} className={styles.name}>
            {performer.name}
          </IntentLink>
          {performer.verifiedDocument ? (
            <span title="Verified creator" className={styles.verified}>
              <PlainIcon icon={CheckCircleFilled} aria-label="Verified" />
            </span>
          ) : null}
        </div>
        {performer.username ? <div className={styles.username}>@{performer.username}</div> : null}
        <p className={styles.bio} style={{ margin: 0 }}>
          {performer.bioExcerpt || 'No bio yet.'}
        </p>
        <div className={styles.meta}>
          <span title={`${formatCount(followers)} followers`}>
            <PlainIcon icon={TeamOutlined} /> {formatCompact(followers)} {followers === 1 ? 'follower' : 'followers'}
          </span>
          {performer.isFreeSubscription ? (
            <span className={styles.free}>Free</span>
          ) : (
            <span className={styles.price}>
              {formatAmount(performer.monthlyPrice)} <small>tokens/mo</small>
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

/** Stand-in for a card while its list loads. */
export function PerformerCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden data-testid="performer-card-skeleton">
      <div className={styles.cover} style={{ opacity: 0.25 }} />
      <div className={styles.body}>
        <div className={styles.top}>
          <span className={styles.avatarRing}>
            <PlainSkeleton shape="round" className={styles.avatar} />
          </span>
        </div>
        <div className={styles.skeletonLines}>
          <PlainSkeleton shape="line" style={{ width: '60%' }} />
          <PlainSkeleton shape="line" style={{ width: '40%', marginTop: 12 }} />
          <PlainSkeleton shape="line" style={{ width: '90%' }} />
        </div>
      </div>
    </div>
  );
}
