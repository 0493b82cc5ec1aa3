import { Card, Flex, Typography } from 'antd';
import { AccountDataSections } from '@/client/features/account-data/components/account-data-sections';
import { PerformerAccountPage } from '@/client/features/performer/components/performer-account-page';
import { NotificationPreferencesForm } from '@/client/features/notifications/components/notification-preferences-form';
import { AccountForm } from './account-form';
import { AccountNotices } from './account-notices';
import { AvatarUpload } from './avatar-upload';
import { PasswordForm } from './password-form';

/** The account screen of /user/account; creators get their full editor (/creator/account). */
export function AccountPage({ performer = false }: { performer?: boolean }) {
  if (performer) return <PerformerAccountPage />;
  return (
    <div className="app-medium">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Account settings
      </Typography.Title>
      <Flex vertical gap={24}>
        <AccountNotices />
        <Card title="Profile picture">
          <AvatarUpload />
        </Card>
        <Card title="Profile">
          <AccountForm />
        </Card>
        <Card title="Password">
          <PasswordForm source="user" />
        </Card>
        <NotificationPreferencesForm />
        <AccountDataSections />
      </Flex>
    </div>
  );
}
