import type { CSSProperties } from 'react';
import Link from 'next/link';
import { Alert, Button } from 'antd';
import { useAppSelector } from '@/client/store/hooks';

const DOCUMENTS_TAB = '/creator/account?tab=documents';

/**
 * Shown to a creator on their own home and profile while fans cannot pay them (documents not
 * approved while the site requires verification): why, and where to act. Nothing otherwise.
 */
export function VerificationNotice({ style }: { style?: CSSProperties }) {
  const user = useAppSelector((s) => s.user.current);
  if (!user.isPerformer || user.payable !== false) return null;
  const status = user.verificationStatus;
  const consequence = 'Until an operator approves your identity documents, fans cannot pay you (subscriptions, tips, purchases) and your page is not listed in explore.';
  const { type, title, action } =
    status === 'pending'
      ? { type: 'info' as const, title: 'Your documents are waiting for review', action: null }
      : status === 'rejected'
        ? { type: 'error' as const, title: 'Your identity documents were not approved', action: 'Upload new documents' }
        : { type: 'warning' as const, title: 'Verify your identity to get paid', action: 'Upload documents' };
  return (
    <Alert
      type={type}
      showIcon
      style={style}
      data-testid="verification-notice"
      title={title}
      description={
        <>
          {status === 'rejected' && user.verificationNote ? <div>Reason: {user.verificationNote}</div> : null}
          {consequence}
        </>
      }
      action={action ? <Link href={DOCUMENTS_TAB}><Button size="small">{action}</Button></Link> : undefined}
    />
  );
}
