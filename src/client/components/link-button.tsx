import type { MouseEvent } from 'react';
import { useRouter } from 'next/router';
import { Button, type ButtonProps } from 'antd';
import { isExternal } from '@/client/lib/external-link';

/**
 * A link that looks like a button: one `<a>` (never a button inside a link). Site paths go through
 * the client-side router; http(s) URLs open in a new tab.
 */
export function LinkButton({ href, ...props }: Omit<ButtonProps, 'href' | 'onClick' | 'target'> & { href: string }) {
  const router = useRouter();
  if (isExternal(href)) return <Button {...props} href={href} target="_blank" rel="noopener noreferrer" />;
  const go = (e: MouseEvent) => {
    // Let modified clicks (new tab, new window) do what the browser does.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void router.push(href);
  };
  return <Button {...props} href={href} onClick={go} />;
}
