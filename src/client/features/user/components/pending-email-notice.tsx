import type { CSSProperties } from 'react';
import { Alert } from 'antd';
import { useAppSelector } from '@/client/store/hooks';

/**
 * An email change waits for its link (issue 15): says where the confirmation link went and that
 * the current address stays until it is opened. Reads `pendingEmail` of the current user.
 */
export function PendingEmailNotice({ style }: { style?: CSSProperties }) {
  const { pendingEmail, email } = useAppSelector((s) => s.user.current);
  if (!pendingEmail) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 24, ...style }}
      title={`We sent a confirmation link to ${pendingEmail}`}
      description={`Your email address stays ${email ?? 'as it is'} until you open the link in that message (valid for 24 hours).`}
    />
  );
}
