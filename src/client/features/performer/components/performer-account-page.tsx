import Link from 'next/link';
import { useRouter } from 'next/router';
import { Alert, Button, Card, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@/client/lib/error-message';
import { AccountDataSections } from '@/client/features/account-data/components/account-data-sections';
import { PasswordForm } from '@/client/features/user/components/password-form';
import { AccountNotices } from '@/client/features/user/components/account-notices';
import { WhoMayWriteForm } from '@/client/features/messages/components/who-may-write-form';
import { NotificationPreferencesForm } from '@/client/features/notifications/components/notification-preferences-form';
import { usePerformerAccount } from '../use-performer-account';
import { DocumentsForm } from './documents-form';
import { MediaUploads } from './media-uploads';
import { PayoutsForm } from './payouts-form';
import { ProfileForm } from './profile-form';
import { SubscriptionForm } from './subscription-form';
import styles from './performer-account.module.css';

export const ACCOUNT_TABS = ['profile', 'subscription', 'media', 'documents', 'payouts', 'messages', 'notifications', 'password'] as const;
type TabKey = (typeof ACCOUNT_TABS)[number];

const isTab = (v: unknown): v is TabKey => typeof v === 'string' && (ACCOUNT_TABS as readonly string[]).includes(v);

/** /creator/account: the creator's whole account in tabs; the open tab is kept in ?tab=. */
export function PerformerAccountPage() {
  const router = useRouter();
  const { account, error, reload, setAccount, apply } = usePerformerAccount();
  const active: TabKey = isTab(router.query.tab) ? router.query.tab : 'profile';

  const openTab = (key: string) => {
    const query = { ...router.query, tab: key };
    if (key === 'profile') delete (query as Record<string, unknown>).tab;
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
  };

  let body;
  if (error && !account) {
    body = (
      <Result status="warning" title="We could not load your profile" subTitle={getErrorMessage(error)} extra={<Button onClick={() => void reload()}>Try again</Button>} />
    );
  } else if (!account) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const missing = [!account.username && 'a username', !account.email && 'an email address'].filter(Boolean);
    body = (
      <>
        {missing.length ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Complete your profile"
            description={`Add ${missing.join(' and ')} to finish setting up your account.`}
          />
        ) : null}
        <Tabs
          className={styles.tabs}
          // Eight tabs: a narrower gap keeps the last one (Password) in view at 1280 px beside the studio's sidebar.
          tabBarGutter={20}
          activeKey={active}
          onChange={openTab}
          items={[
            { key: 'profile', label: 'Profile', children: <ProfileForm account={account} onSaved={setAccount} /> },
            { key: 'subscription', label: 'Subscription', children: <SubscriptionForm account={account} onSaved={setAccount} /> },
            { key: 'media', label: 'Images & video', children: <MediaUploads account={account} onUploaded={apply} /> },
            { key: 'documents', label: 'Documents', children: <DocumentsForm account={account} onUploaded={setAccount} /> },
            { key: 'payouts', label: 'Payouts', children: <PayoutsForm account={account} onSaved={setAccount} /> },
            { key: 'messages', label: 'Messages', children: <WhoMayWriteForm /> },
            { key: 'notifications', label: 'Notifications', children: <NotificationPreferencesForm /> },
            { key: 'password', label: 'Password', children: <PasswordForm source="performer" /> },
          ]}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Account settings
        </Typography.Title>
        {account?.username ? (
          <Link href={`/${account.username}`}>
            <Button icon={<EyeOutlined />}>View my page</Button>
          </Link>
        ) : null}
      </Flex>
      <AccountNotices style={{ marginBottom: 16 }} />
      <Card className={styles.card}>{body}</Card>
      {account ? <div style={{ marginTop: 24 }}><AccountDataSections /></div> : null}
    </div>
  );
}
