import { useEffect, useState } from 'react';
import { Button, Flex, Progress, Radio, Typography } from 'antd';
import { BarChartOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { FeedPoll as Poll } from '@/common/contract/feeds';
import { useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';
import { votePoll } from '../feeds.api';
import styles from './feed-card.module.css';
import { formatDate } from '@/client/lib/format-date';
import { formatCount } from '@/client/lib/format-amount';

export interface FeedPollProps {
  poll: Poll;
  /** The post is locked for this viewer: voting opens with it. */
  locked: boolean;
  isOwner: boolean;
}


/** Why this viewer cannot vote, when they cannot. */
function notice(poll: Poll, { loggedIn, locked, isOwner }: { loggedIn: boolean; locked: boolean; isOwner: boolean }): string | null {
  if (poll.isClosed) return 'This poll has ended.';
  if (isOwner) return 'Fans vote here; you see the results as they come in.';
  if (!loggedIn) return null;
  if (locked) return 'Unlock this post to vote.';
  return null;
}

/**
 * A poll: options to pick while the viewer may vote, results (counts and shares) once they have
 * voted, and for the creator and admins. Others see the options only, as the API sends them.
 */
export function FeedPoll({ poll: initial, locked, isOwner }: FeedPollProps) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const goToLogin = useLoginRedirect();
  const [poll, setPoll] = useState(initial);
  const [choice, setChoice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => setPoll(initial), [initial]);

  const vote = async () => {
    if (!choice) return;
    setSending(true);
    try {
      const res = await votePoll(poll._id, choice);
      setPoll(res.data);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  const total = poll.totalVotes ?? 0;
  const message = notice(poll, { loggedIn, locked, isOwner });
  const ends = poll.expiresAt && !poll.isClosed ? `Ends ${formatDate(poll.expiresAt, { withTime: true })}` : null;

  return (
    <section className={styles.poll} aria-label="Poll">
      <Typography.Text strong>
        <BarChartOutlined aria-hidden /> {poll.question || 'Poll'}
      </Typography.Text>
      {poll.canSeeResults ? (
        <ul className={styles.pollResults}>
          {poll.options.map((o) => {
            const votes = o.votes ?? 0;
            const share = total ? Math.round((votes * 100) / total) : 0;
            return (
              <li key={o._id}>
                <Flex justify="space-between" gap={8}>
                  <span>
                    {o.text} {poll.voted === o._id ? <CheckCircleFilled aria-label="Your vote" style={{ color: '#42b1e8' }} /> : null}
                  </span>
                  <Typography.Text type="secondary">{formatCount(votes)} · {share}%</Typography.Text>
                </Flex>
                <Progress percent={share} showInfo={false} size="small" aria-label={`${o.text}: ${share}%`} />
              </li>
            );
          })}
        </ul>
      ) : (
        <Radio.Group
          className={styles.pollOptions}
          value={choice}
          onChange={(e) => setChoice(e.target.value as string)}
          disabled={!poll.canVote || sending}
          options={poll.options.map((o) => ({ value: o._id, label: o.text }))}
          aria-label={poll.question || 'Poll options'}
        />
      )}
      <Flex gap={8} align="center" wrap>
        {poll.canVote ? (
          <Button type="primary" size="small" onClick={vote} loading={sending} disabled={!choice}>
            Vote
          </Button>
        ) : null}
        {!loggedIn && !poll.isClosed ? (
          <Button size="small" onClick={goToLogin}>
            Sign in to vote
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[poll.canSeeResults ? `${formatCount(total)} ${total === 1 ? 'vote' : 'votes'}` : null, ends, message]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      </Flex>
    </section>
  );
}
