import type { ContentType } from '../contract/content';

const BASE: Record<ContentType, string> = { feed: '/post', video: '/video', gallery: '/gallery', product: '/product' };

/** The web page of a post, video, gallery or product. */
export const contentPath = (type: ContentType, id: string): string => `${BASE[type]}/${id}`;

/** The start of a text for a list or a subject line: at most `max` characters, cut at a word with an ellipsis. */
export function excerpt(text: string, max = 140): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
