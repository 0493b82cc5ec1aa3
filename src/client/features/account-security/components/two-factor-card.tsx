import { useState } from 'react';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { TwoFactorSetup as SetupAnswer } from '@/common/contract/account-security';
import { ListError } from '@/client/components/list-error';
import { getErrorMessage } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import { toast } from '@/client/lib/toast';
import { setupTwoFactor } from '../account-security.api';
import { useTwoFactorStatus } from '../use-two-factor-status';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorDisable } from './two-factor-disable';
import { TwoFactorSetup } from './two-factor-setup';

/** Two-factor sign-in: off → set up (QR, key, confirming code) → recovery codes once → on; off again with a proof. */
export function TwoFactorCard() {
  const { data, error, mutate } = useTwoFactorStatus();
  const [setup, setSetup] = useState<SetupAnswer | null>(null);
  const [starting, setStarting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const status = data?.data;

  const start = async () => {
    setStarting(true);
    try {
      setSetup((await setupTwoFactor()).data);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setStarting(false);
    }
  };

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (error && !status) {
    body = <ListError error={error} onRetry={() => void mutate()} title="We could not load your two-factor settings" />;
  } else if (!status) {
    body = <Card loading variant="borderless" />;
  } else if (status.enabled) {
    body = (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text>
          <Tag color="green">On</Tag> since {status.enabledAt ? formatDate(status.enabledAt) : ''}. Signing in asks for a code from your app.
        </Typography.Text>
        <Typography.Text type={status.recoveryCodesLeft <= 2 ? 'warning' : 'secondary'}>
          {status.recoveryCodesLeft} recovery code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
        </Typography.Text>
        <Button danger onClick={() => setDisabling(true)}>Turn off two-factor sign-in</Button>
      </Flex>
    );
  } else if (setup) {
    body = (
      <TwoFactorSetup
        setup={setup}
        hasPassword={status.hasPassword}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          toast.success('Two-factor sign-in is on');
          void mutate();
        }}
      />
    );
  } else {
    body = (
      <Flex vertical gap={12} align="flex-start">
        <Alert type="info" showIcon title="Off" description="Add a second step to signing in: a code from an authenticator app on your phone." />
        <Button type="primary" icon={<SafetyOutlined />} loading={starting} onClick={() => void start()}>Set up two-factor sign-in</Button>
      </Flex>
    );
  }

  return (
    <Card title="Two-factor sign-in">
      {body}
      <TwoFactorDisable
        open={disabling}
        hasPassword={status?.hasPassword ?? false}
        onClose={() => setDisabling(false)}
        onDisabled={() => {
          setDisabling(false);
          toast.success('Two-factor sign-in is off');
          void mutate();
        }}
      />
    </Card>
  );
}
