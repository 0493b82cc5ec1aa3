import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import { COPIED } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';

export interface ShareButtonProps {
  /** The page's path on this site (`/post/123`); the link shared is its absolute URL. */
  path: string;
  /** What the phone's share sheet shows as the title. */
  title: string;
  size?: 'small' | 'middle';
}

/** Phones (a coarse pointer) with the Web Share API get the system share sheet; others copy. */
function canUseShareSheet(): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** The Clipboard API needs a secure page; plain http on a LAN address falls back to execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, insecure page): try the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Share or copy the link of a profile, post, video, gallery or product. On a phone with the Web
 * Share API it opens the share sheet (closing it is not an error); elsewhere, or when sharing
 * fails, it copies the link and says 'Copied to clipboard' (spec 8). When even copying is
 * impossible the link is shown so it can be copied by hand.
 */
export function ShareButton({ path, title, size }: ShareButtonProps) {
  // Decided after mount: the server cannot know the device, and the first render must match it.
  const [shareSheet, setShareSheet] = useState(false);
  useEffect(() => setShareSheet(canUseShareSheet()), []);

  const onClick = async () => {
    const url = new URL(path, window.location.origin).toString();
    if (shareSheet) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if ((err as { name?: string } | null)?.name === 'AbortError') return;
      }
    }
    if (await copyText(url)) toast.success(COPIED);
    else toast.error(`Could not copy the link: ${url}`);
  };

  const label = shareSheet ? 'Share' : 'Copy link';
  return (
    <Tooltip title={label}>
      <Button size={size} icon={shareSheet ? <ShareAltOutlined /> : <LinkOutlined />} aria-label={label} onClick={() => void onClick()} />
    </Tooltip>
  );
}
