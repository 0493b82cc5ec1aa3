import { SEARCH_MIN_CHARS } from '../../../common/contract/search';
import { isHashtag, normalizeHashtag } from '../../../common/lib/hashtags';
import { badRequest } from '../../lib/http-error';
import { toPrefixQuery } from '../performers/performer-search.service';

/** What one search text asks for. */
export interface ParsedSearch {
  /** Prefix tsquery of the words that are not hashtags (null: none). */
  tsquery: string | null;
  /** Normalised `#tag` words: posts must carry all of them. */
  tags: string[];
  /** The hashtag prefix when the text is one word (with or without `#`); null otherwise. */
  tagPrefix: string | null;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
const TOO_SHORT = `Type at least ${SEARCH_MIN_CHARS} letters or digits to search`;

/**
 * Splits a search text: `#word` (a valid hashtag) is a tag filter, every other word a prefix
 * term (`toPrefixQuery`, which keeps only letters, digits and joiners, so nothing typed becomes
 * tsquery syntax). Fewer than SEARCH_MIN_CHARS letters or digits in all is a 400.
 */
export function parseSearch(q: string): ParsedSearch {
  if ((q.match(LETTER_OR_DIGIT) ?? []).length < SEARCH_MIN_CHARS) throw badRequest(TOO_SHORT, [{ field: 'q', message: TOO_SHORT }]);
  const words = q.split(/\s+/).filter(Boolean);
  const tags: string[] = [];
  const rest: string[] = [];
  for (const word of words) {
    if (word.startsWith('#') && isHashtag(word.slice(1))) {
      const tag = normalizeHashtag(word.slice(1));
      if (!tags.includes(tag)) tags.push(tag);
    } else rest.push(word);
  }
  const single = words.length === 1 ? words[0].replace(/^#/, '') : null;
  return {
    tsquery: toPrefixQuery(rest.join(' ')),
    tags,
    tagPrefix: single && isHashtag(single) ? normalizeHashtag(single) : null,
  };
}
