import Link from 'next/link';
import { Button, Result } from 'antd';
import { AntdScope } from '@/client/theme/antd-scope';

/**
 * The reset page's screens besides its form: a link without its token, or the password changed.
 * Drawn with antd in its own scope and loaded only then (the form is drawn without antd).
 */
export function ResetPasswordOutcome({ done }: { done: string | null }) {
  return (
    <AntdScope>
      {done === null ? (
        <Result
          status="warning"
          title="This reset link is incomplete"
          subTitle="Open the link from the email again, or ask for a new one."
          extra={
            <Link href="/auth/forgot-password">
              <Button type="primary">Get a new link</Button>
            </Link>
          }
        />
      ) : (
        <Result
          status="success"
          title="Password changed"
          subTitle={done}
          extra={
            <Link href="/auth/login">
              <Button type="primary">Sign in</Button>
            </Link>
          }
        />
      )}
    </AntdScope>
  );
}
