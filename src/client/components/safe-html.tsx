import sanitizeHtml from 'sanitize-html';
import { useMemo } from 'react';

/**
 * Operator-provided rich text (footer content) is sanitised before it reaches the page (spec 5):
 * a short allow-list of formatting tags, links limited to http(s)/mailto, new-tab links get
 * rel=noopener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'small', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  if (!clean.trim()) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
