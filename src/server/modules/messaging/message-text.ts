import sanitizeHtml from 'sanitize-html';
import { MESSAGE_TEXT_MAX } from '../../../common/contract/messaging';
import { badRequest } from '../../lib/http-error';
import { stripControl } from '../../shared/text';

/**
 * The stored form of a message: plain text, never HTML. Markup is removed (a `<script>` with its
 * content), entities are decoded back to the characters a person typed, control and bidi-override
 * characters (used to disguise file names and links) are dropped, line breaks are kept (at most one
 * blank line in a row). The client renders it as text, and links are never fetched for previews.
 * Longer than MESSAGE_TEXT_MAX visible characters is a 400.
 */
export function cleanMessageText(raw: string | undefined): string {
  if (!raw) return '';
  const stripped = sanitizeHtml(raw.replace(/\r\n?/g, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const text = stripControl(stripped, { keepLines: true })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length > MESSAGE_TEXT_MAX) {
    const message = `Message must be at most ${MESSAGE_TEXT_MAX} characters`;
    throw badRequest(message, [{ field: 'text', message }]);
  }
  return text;
}
