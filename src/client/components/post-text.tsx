import { useMemo, type MouseEvent } from 'react';
import { useRouter } from 'next/router';
import { linkifyHashtags } from '@/common/lib/hashtags';
import { sanitizeRichText } from '@/common/lib/rich-text';

/**
 * A post's rich text, the one way it is shown: the shared allow-list, then every `#tag` as a link
 * to its search page (`/search?q=%23tag`). Tag links move inside the app (no full reload); the
 * author's own links open as usual. Empty markup renders nothing.
 */
export function PostText({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const markup = useMemo(() => linkifyHashtags(sanitizeRichText(html)), [html]);
  if (!markup.trim()) return null;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest?.('a[data-hashtag]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void router.push(link.getAttribute('href')!);
  };

  // The links are ours and the rest went through the allow-list; clicks are delegated to the container.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: markup }} />;
}
