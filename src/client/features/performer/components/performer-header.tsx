import { Avatar, Card, Flex, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, EnvironmentOutlined } from '@ant-design/icons';
import type { PerformerPublic } from '@/common/contract/performers';
import { AVATAR_PLACEHOLDER, COVER_PLACEHOLDER } from '../../user/default-user';
import styles from './performer-header.module.css';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "US" → "United States"; unknown codes stay as they are. */
function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Cover, avatar, name, @username, verified badge and bio of a creator's public page. */
export function PerformerHeader({ performer }: { performer: PerformerPublic }) {
  const cover = performer.cover || COVER_PLACEHOLDER;
  const avatar = performer.avatar || AVATAR_PLACEHOLDER;
  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }} style={{ overflow: 'hidden' }}>
      <div className={styles.cover} style={{ backgroundImage: `url("${encodeURI(cover)}")` }} role="img" aria-label="Cover image" />
      <div className={styles.body}>
        <div className={styles.avatarRing}>
          <Avatar src={avatar} alt={`${performer.name}'s avatar`} size={{ xs: 88, sm: 96, md: 112, lg: 120, xl: 120, xxl: 120 }} />
        </div>
        <Flex vertical gap={2} className={styles.identity}>
          <Flex align="center" gap={8} wrap>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
              {performer.name}
            </Typography.Title>
            {performer.verifiedDocument ? (
              <Tooltip title="Verified creator">
                <CheckCircleFilled style={{ color: '#42b1e8', fontSize: 20 }} aria-label="Verified" data-testid="verified-badge" />
              </Tooltip>
            ) : null}
          </Flex>
          {performer.username ? <Typography.Text type="secondary">@{performer.username}</Typography.Text> : null}
          {performer.country ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              <EnvironmentOutlined /> {countryName(performer.country)}
            </Typography.Text>
          ) : null}
        </Flex>
        {performer.bio ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 16, marginBottom: 0 }}>{performer.bio}</Typography.Paragraph>
        ) : null}
      </div>
    </Card>
  );
}
