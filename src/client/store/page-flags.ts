/** Static flags a page component declares (spec 2), e.g. `Page.authenticate = true`. */
export interface PageFlags {
  /** Needs a signed-in user. */
  authenticate?: boolean;
  /** Needs a performer. */
  onlyPerformer?: boolean;
  noredirect?: boolean;
  /** public | primary (default) | blank | geo-blocked: chosen by the app shell. */
  layout?: string;
}

export function pageFlagsOf(Component: unknown): PageFlags {
  const c = (Component ?? {}) as Record<string, unknown>;
  return {
    authenticate: c.authenticate === true,
    onlyPerformer: c.onlyPerformer === true,
    noredirect: c.noredirect === true,
    layout: typeof c.layout === 'string' ? c.layout : undefined,
  };
}
