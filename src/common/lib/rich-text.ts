import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text allow-list (spec 5): a few formatting tags, links limited to http(s)/mailto,
 * every link rel=noopener. The server sanitises on write (bios, posts, comments) and the client
 * again on render (operator HTML such as the footer), so stored text is always clean.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'strong', 'i', 'em', 'u', 'br', 'p', 'span', 'small', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'target', 'rel', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Text without any markup, for search documents, meta descriptions and previews. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
