import type { ReactNode } from 'react';
import { Avatar, Card, Flex, Tooltip, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';
import { AVATAR_PLACEHOLDER, COVER_PLACEHOLDER } from '../../user/default-user';
import { PerformerAbout } from './performer-about';
import { PerformerStats } from './performer-stats';
import styles from './performer-header.module.css';

interface Props {
  performer: PerformerPublic;
  /** Follow/bookmark or "Edit profile", beside the name. */
  actions?: ReactNode;
}

/** Cover, avatar, name, verified badge, @username, bio, place, links, stats and the actions of a creator's page. */
export function PerformerHeader({ performer, actions }: Props) {
  const cover = performer.cover || COVER_PLACEHOLDER;
  const avatar = performer.avatar || AVATAR_PLACEHOLDER;
  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }} style={{ overflow: 'hidden' }}>
      <div className={styles.cover} style={{ backgroundImage: `url("${encodeURI(cover)}")` }} role="img" aria-label="Cover image" />
      <div className={styles.body}>
        <div className={styles.top}>
          <div className={styles.avatarRing}>
            <Avatar src={avatar} alt={`${performer.name}'s avatar`} size={{ xs: 88, sm: 96, md: 112, lg: 120, xl: 120, xxl: 120 }} />
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
        <Flex vertical gap={2} className={styles.identity}>
          <Flex align="center" gap={8} wrap>
            <Typography.Title level={1} className={styles.name}>
              {performer.name}
            </Typography.Title>
            {performer.verifiedDocument ? (
              <Tooltip title="Verified creator">
                <CheckCircleFilled style={{ color: '#42b1e8', fontSize: 20 }} aria-label="Verified" data-testid="verified-badge" />
              </Tooltip>
            ) : null}
          </Flex>
          {performer.username ? <Typography.Text type="secondary">@{performer.username}</Typography.Text> : null}
        </Flex>
        <PerformerAbout performer={performer} />
        <PerformerStats stats={performer.stats} />
      </div>
    </Card>
  );
}
