import { useMemo } from 'react';
import { sanitizeRichText } from '@/common/lib/rich-text';

/** Renders rich text through the shared allow-list (spec 5); empty markup renders nothing. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  if (!clean.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
