import { Card, Flex, Typography } from 'antd';
import { AccountForm } from './account-form';
import { AvatarUpload } from './avatar-upload';
import { PasswordForm } from './password-form';

/** The whole account screen, shared by /user/account and /creator/account. */
export function AccountPage({ performer = false }: { performer?: boolean }) {
  return (
    <div className="app-medium">
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Account settings
      </Typography.Title>
      <Flex vertical gap={24}>
        <Card title="Profile picture">
          <AvatarUpload />
        </Card>
        <Card title="Profile">
          <AccountForm performer={performer} />
        </Card>
        <Card title="Password">
          <PasswordForm source={performer ? 'performer' : 'user'} />
        </Card>
      </Flex>
    </div>
  );
}
