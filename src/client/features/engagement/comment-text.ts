const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The composer is a plain text box: what a person types is sent as rich text that shows exactly
 * that (markup typed by hand is escaped, line breaks become <br>), so the server's allow-list
 * never has to guess and the visible length matches the counter.
 */
export function plainToCommentHtml(text: string): string {
  return text.trim().replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/\r?\n/g, '<br>');
}

/** The other way, to edit a stored comment in the same plain text box. */
export function commentHtmlToPlain(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n');
  if (typeof DOMParser === 'undefined') return withBreaks.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '';
}
