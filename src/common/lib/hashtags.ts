/**
 * Hashtags in post text, one definition for the server (stored on the post, searched) and the web
 * (rendered as links): `#` then 1..100 letters, marks, digits or underscores with at least one
 * letter (so "#1" is not a tag), not glued to a word, an `&` (HTML entities such as `&#39;`), a
 * `/` or another `#` before it. Tags are compared NFKC-normalised and lower-cased.
 */
export const HASHTAG_MAX_LENGTH = 100;
const TAG_CHARS = '[\\p{L}\\p{M}\\p{N}_]';
const HASHTAG = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_&#/])#(${TAG_CHARS}{1,${HASHTAG_MAX_LENGTH}})(?!${TAG_CHARS})`, 'gu');
const HAS_LETTER = /\p{L}/u;
/** At most this many distinct tags are stored per post. */
export const HASHTAGS_PER_POST = 30;

export const normalizeHashtag = (tag: string) => tag.normalize('NFKC').toLowerCase();

/** Whether `word` (without `#`) can be a hashtag. */
export function isHashtag(word: string): boolean {
  const run = new RegExp(`^${TAG_CHARS}{1,${HASHTAG_MAX_LENGTH}}$`, 'u');
  return run.test(word) && HAS_LETTER.test(word);
}

/** The distinct normalised tags of a plain text, in order of first appearance. */
export function extractHashtags(plain: string): string[] {
  const tags: string[] = [];
  for (const match of plain.matchAll(HASHTAG)) {
    if (!HAS_LETTER.test(match[1])) continue;
    const tag = normalizeHashtag(match[1]);
    if (!tags.includes(tag)) tags.push(tag);
    if (tags.length === HASHTAGS_PER_POST) break;
  }
  return tags;
}

/** The search page of a tag. */
export const hashtagHref = (tag: string) => `/search?q=${encodeURIComponent(`#${normalizeHashtag(tag)}`)}`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Sanitised rich text with every hashtag outside an existing link turned into a link to its
 * search page. Works on the markup as text (tags skipped, text between them rewritten), so it
 * runs the same on the server (SSR) and in the browser.
 */
export function linkifyHashtags(html: string): string {
  let insideLink = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) insideLink += 1;
        else if (/^<\/a\s*>/i.test(part)) insideLink = Math.max(0, insideLink - 1);
        return part;
      }
      if (insideLink) return part;
      return part.replace(HASHTAG, (whole, tag: string) =>
        HAS_LETTER.test(tag)
          ? `<a href="${escapeAttribute(hashtagHref(tag))}" data-hashtag="${escapeAttribute(normalizeHashtag(tag))}">${whole}</a>`
          : whole,
      );
    })
    .join('');
}
