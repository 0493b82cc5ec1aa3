import { badRequest } from '../../lib/http-error';

/** A title without its outer spaces; one made only of spaces is as good as none. */
export function cleanTitle(title: string, field = 'title'): string {
  const text = title.trim();
  if (!text) {
    const message = `${field} cannot be empty`;
    throw badRequest(message, [{ field, message }]);
  }
  return text;
}

/** Plain text (shown as text, never as HTML): outer spaces trimmed, line ends made `\n`. */
export const cleanDescription = (text: string | undefined): string => (text ?? '').replace(/\r\n?/g, '\n').trim();

/** Photo titles may be empty. */
export const cleanPhotoTitle = (text: string | undefined): string => (text ?? '').trim();
