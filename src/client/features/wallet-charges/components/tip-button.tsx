import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useOpenedOnce } from '@/client/hooks/use-opened-once';
import { useAppSelector } from '@/client/store/hooks';
import { sendToLogin } from '../send-to-login';

// The form loads on the first "Send tip": a page of feed cards carries one button per card, not a form each.
const TipDialog = dynamic(() => import('./tip-dialog').then((m) => m.TipDialog), { ssr: false });

export interface TipButtonProps {
  performer: { _id: string; name: string };
  /** Small (feed cards) or the default size (profile actions). */
  size?: 'small' | 'middle';
}

/** "Send tip" on a creator's profile and on feed cards (not for oneself); signed out, it asks to sign in. */
export function TipButton({ performer, size }: TipButtonProps) {
  const viewerId = useAppSelector((s) => s.user.current._id);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const [open, setOpen] = useState(false);
  // Each opening mounts a new dialog: a new payment key and an empty form.
  const [opening, setOpening] = useState(0);
  const mounted = useOpenedOnce(open);

  if (viewerId && viewerId === performer._id) return null;

  const start = () => {
    if (!loggedIn) {
      sendToLogin();
      return;
    }
    setOpening((n) => n + 1);
    setOpen(true);
  };

  return (
    <>
      <Button icon={<GiftOutlined />} onClick={start} size={size}>
        Send tip
      </Button>
      {mounted ? <TipDialog key={opening} performer={performer} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
