import { useState } from 'react';
import { LazyResult } from '@/client/components/lazy-result';
import type { FollowState } from '@/common/contract/social';
import { NotFound } from '@/client/components/not-found';
import { useAppSelector } from '@/client/store/hooks';
import { useCountView } from '@/client/hooks/use-count-view';
import { countProfileView } from '../performer.api';
import type { PerformerPageProps } from './load-performer';
import { PerformerActions } from './performer-actions';
import { PerformerDetails } from './performer-details';
import { PerformerHead } from './performer-head';
import { PerformerHeader } from './performer-header';
import { PerformerNotAvailable } from './performer-not-available';
import { PerformerTabs } from './performer-tabs';
import { VerificationNotice } from './verification-notice';
import { SubscribeBox, type PaidPlan } from './subscribe-box';
import { LazySubscribeDialog } from '@/client/features/subscriptions/components/lazy-subscribe-dialog';
import { WelcomeVideo } from './welcome-video';
import styles from './performer-profile.module.css';

/**
 * A creator's public page (/{profileId}): head tags, header (with bio), subscribe box and welcome
 * video, content tabs, details. Phones stack them in that order; wide screens put the tabs left.
 */
export function PerformerProfile({ performer, notAvailable, error }: PerformerPageProps) {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const viewerId = useAppSelector((s) => (s.auth.loggedIn ? s.user.current._id : ''));
  // The follower count the API answered after this viewer's follow/unfollow.
  const [followers, setFollowers] = useState<{ id: string; count: number } | null>(null);
  const [plan, setPlan] = useState<PaidPlan | null>(null);
  // The creator's own visits are not counted by the server either; skipping them saves a call.
  useCountView(performer && performer._id !== viewerId ? performer._id : undefined, countProfileView);

  if (notAvailable) return <PerformerNotAvailable message={notAvailable} />;
  if (error) return <LazyResult status="500" title="We could not load this page" subTitle={error} />;
  if (!performer) return <NotFound title="Creator not found" text="This creator does not exist or is not available." />;

  const isOwner = Boolean(viewerId) && viewerId === performer._id;
  const stats = followers?.id === performer._id ? { ...performer.stats, followers: followers.count } : performer.stats;
  const onFollowChange = (state: FollowState) => setFollowers({ id: state.performerId, count: state.followers });

  return (
    <>
      <PerformerHead performer={performer} siteName={siteName} />
      <div className={styles.page}>
        {isOwner ? <VerificationNotice /> : null}
        <PerformerHeader
          performer={{ ...performer, stats }}
          actions={<PerformerActions performer={performer} isOwner={isOwner} onFollowChange={onFollowChange} />}
        />
        <div className={styles.layout}>
          <div className={styles.sideTop}>
            {isOwner ? null : <SubscribeBox performer={performer} onChoosePaid={setPlan} />}
            {isOwner ? null : <LazySubscribeDialog performer={performer} plan={plan} onClose={() => setPlan(null)} />}
            {performer.welcomeVideo ? <WelcomeVideo src={performer.welcomeVideo} name={performer.name} /> : null}
          </div>
          <section className={styles.main} aria-label="Content">
            <PerformerTabs performer={performer} isOwner={isOwner} />
          </section>
          <div className={styles.sideBottom}>
            <PerformerDetails performer={performer} />
          </div>
        </div>
      </div>
    </>
  );
}
