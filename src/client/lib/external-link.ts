/** An http(s) URL rather than a path on this site: opened as a plain link, in a new tab. */
export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
