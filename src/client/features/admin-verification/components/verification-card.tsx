import Link from 'next/link';
import { Alert, Avatar, Button, Card, Descriptions, Flex, Image, Popconfirm, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { CreatorVerification } from '@/common/contract/admin-verification';
import { flagUrl } from '@/client/components/country-select';
import { formatDate, formatRelative } from '@/client/lib/format-date';
import { ageOf, STATUS_TAG } from '../verification-status';
import styles from './verification-card.module.css';

interface Props {
  item: CreatorVerification;
  /** Which creator's decision is being sent (its buttons spin). */
  busy: boolean;
  onApprove: (item: CreatorVerification) => void;
  onReject: (item: CreatorVerification) => void;
}

/** Shown when a document does not load (its five-minute link ran out while the page stayed open). */
const UNAVAILABLE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#8883"/>'
  + '<text x="160" y="95" text-anchor="middle" font-family="sans-serif" font-size="14" fill="#888">Link expired: reload the page</text></svg>',
)}`;

function DocumentImage({ src, label }: { src: string | null; label: string }) {
  return (
    <figure className={styles.document}>
      {src ? (
        // Click to enlarge: antd's preview, grouped with the other document of the card.
        <Image src={src} alt={label} fallback={UNAVAILABLE} classNames={{ root: styles.imageRoot, image: styles.image }} />
      ) : (
        <div className={styles.missing}>Not uploaded</div>
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** One creator of the queue: who they say they are, their two documents, and the decision. */
export function VerificationCard({ item, busy, onApprove, onReject }: Props) {
  const { creator, status, note } = item;
  const name = creator.name || creator.username || 'This creator';
  const tag = STATUS_TAG[status];
  const details = [
    { key: 'email', label: 'Email', children: creator.email ?? '—' },
    {
      key: 'country', label: 'Country',
      children: creator.country ? (
        <Flex gap={6} align="center">
          {/* plain <img>: an SVG from the API host */}
          <img src={flagUrl({ code: creator.country, name: creator.country })} alt="" width={20} height={15} style={{ objectFit: 'cover' }} />
          {creator.country}
        </Flex>
      ) : '—',
    },
    {
      key: 'born', label: 'Date of birth',
      children: creator.dateOfBirth ? `${formatDate(`${creator.dateOfBirth}T12:00:00Z`)} (${ageOf(creator.dateOfBirth)})` : '—',
    },
    { key: 'joined', label: 'Joined', children: formatDate(creator.createdAt) },
    ...(item.submittedAt ? [{ key: 'sent', label: 'Documents sent', children: formatRelative(item.submittedAt) }] : []),
    ...(item.reviewedAt
      ? [{ key: 'reviewed', label: 'Reviewed', children: `${formatDate(item.reviewedAt, { withTime: true })}${item.reviewerUsername ? ` by @${item.reviewerUsername}` : ''}` }]
      : []),
  ];

  return (
    <Card className={styles.card} data-testid="verification-card">
      <Flex gap={12} align="center" wrap className={styles.head}>
        <Avatar src={creator.avatar || undefined} alt="" icon={<UserOutlined />} size={48} />
        <div className={styles.who}>
          <Typography.Text strong>{name}</Typography.Text>
          {creator.username ? (
            <div>
              <Link href={`/${creator.username}`} target="_blank">@{creator.username}</Link>
            </div>
          ) : null}
        </div>
        <Flex gap={4} wrap>
          <Tag color={tag.color}>{tag.text}</Tag>
          {creator.accountStatus !== 'active' ? <Tag color="red">{creator.accountStatus === 'suspended' ? 'Suspended' : 'Inactive'}</Tag> : null}
        </Flex>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={details} className={styles.details} />
      {note && status === 'rejected' ? <Alert type="error" showIcon title="Rejected" description={note} className={styles.note} /> : null}
      {note && status === 'pending' ? (
        <Alert type="info" showIcon title="Previously rejected" description={note} className={styles.note} />
      ) : null}
      <Image.PreviewGroup>
        <div className={styles.documents}>
          <DocumentImage src={item.documents.idDocument} label="Identity document" />
          <DocumentImage src={item.documents.selfie} label="Selfie with the document" />
        </div>
      </Image.PreviewGroup>
      {status === 'pending' ? (
        <Flex gap={8} justify="flex-end" wrap className={styles.actions}>
          <Button danger disabled={busy} onClick={() => onReject(item)}>
            Reject
          </Button>
          <Popconfirm
            title={`Approve ${name}?`}
            description="They can be paid and are listed in explore. We email them the news."
            okText="Approve"
            cancelText="Cancel"
            onConfirm={() => onApprove(item)}
          >
            <Button type="primary" loading={busy}>
              Approve
            </Button>
          </Popconfirm>
        </Flex>
      ) : null}
    </Card>
  );
}
