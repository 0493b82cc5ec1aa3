import { COMMENT_MAX_LENGTH } from '../../../common/contract/comments';
import { richTextToPlain, sanitizeRichText } from '../../../common/lib/rich-text';
import { badRequest } from '../../lib/http-error';

/**
 * The stored form of a comment: the shared rich-text allow-list (scripts, event handlers, images
 * and `javascript:` links are removed). Length is counted in visible characters, as the client's
 * counter shows them, so formatting does not eat into the 2000. Markup with nothing to read
 * (`<b></b>`, a lone `<script>`) is empty.
 */
export function cleanCommentText(raw: string): string {
  const html = sanitizeRichText(raw);
  const visible = richTextToPlain(html);
  if (!visible) {
    const message = 'Comment cannot be empty';
    throw badRequest(message, [{ field: 'text', message }]);
  }
  if (visible.length > COMMENT_MAX_LENGTH) {
    const message = `Comment must be at most ${COMMENT_MAX_LENGTH} characters`;
    throw badRequest(message, [{ field: 'text', message }]);
  }
  return html;
}
