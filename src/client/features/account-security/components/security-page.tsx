import { Flex, Typography } from 'antd';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** /user/security and /creator/security: two-factor sign-in and the signed-in devices. */
export function SecurityPage() {
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>Security</Typography.Title>
        <Typography.Text type="secondary">Protect your sign-in and see where your account is signed in.</Typography.Text>
      </div>
      <TwoFactorCard />
      <SessionsCard />
    </Flex>
  );
}
