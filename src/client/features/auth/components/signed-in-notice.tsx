import Link from 'next/link';
import { Alert, Button, Flex } from 'antd';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { AntdScope } from '@/client/theme/antd-scope';
import { logout } from '../auth.slice';

/**
 * Shown on the sign-in page instead of the form when someone is already signed in: they arrive
 * here from a page their account cannot open (a fan on a creator's tool: spec 2 sends them to
 * the sign-in page). It says who is signed in and offers to switch account or to go back.
 * Drawn with antd in a scope of its own, and loaded when shown: the sign-in page is drawn without antd.
 */
export function SignedInNotice() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.current);
  const who = user.name || user.username || user.email;
  return (
    <AntdScope>
      <Flex vertical gap={16}>
        <Alert
          type="info" showIcon
          title={`You are signed in as ${who}${user.username && user.name ? ` (@${user.username})` : ''}`}
          description={user.isPerformer
            ? 'The page you opened needs another account. Sign in with it, or go back to your home page.'
            : 'The page you opened is for creators. Sign in with a creator account, or go back to your home page.'}
        />
        <Flex gap={8} wrap>
          <Button type="primary" onClick={() => dispatch(logout())}>Sign in with another account</Button>
          <Link href="/home"><Button>Back to my home</Button></Link>
        </Flex>
      </Flex>
    </AntdScope>
  );
}
