import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import type { ReportTargetType } from '@/common/contract/reports';
import { useAppSelector } from '@/client/store/hooks';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useLoginRedirect } from '@/client/hooks/use-login-redirect';

// The form (a dialog, radios, a text area) loads on the first "Report": every feed card, comment
// and profile carries the button, almost nobody opens it.
const ReportDialog = dynamic(() => import('./report-dialog').then((m) => m.ReportDialog), { ssr: false });

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** `link`: a small text action (under comments); `button`: an icon button (item and profile headers). */
  variant?: 'button' | 'link';
}

/** "Report" on posts, comments, profiles and items; signed out, it asks to sign in first. */
export function ReportButton({ targetType, targetId, variant = 'button' }: ReportButtonProps) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const goToLogin = useLoginRedirect();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);

  const openForm = () => (loggedIn ? setOpen(true) : goToLogin());

  return (
    <>
      {variant === 'link' ? (
        <Button type="link" size="small" onClick={openForm}>Report</Button>
      ) : (
        <Button icon={<FlagOutlined />} aria-label="Report" onClick={openForm} />
      )}
      {mounted ? <ReportDialog targetType={targetType} targetId={targetId} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
