/** Static flags a page component declares (spec 2), e.g. `Page.authenticate = true`. */
export interface PageFlags {
  /** Needs a signed-in user. */
  authenticate?: boolean;
  /** Needs a performer. */
  onlyPerformer?: boolean;
  /** Operator console: a visitor goes to login, a signed-in fan or creator gets the 403 page. */
  onlyAdmin?: boolean;
  /** Still shown while maintenance mode is on (the login page, so operators can sign in). */
  duringMaintenance?: boolean;
  noredirect?: boolean;
  /**
   * The page draws nothing with antd (the start page): the app shell leaves out antd's
   * ConfigProvider (theme/antd-scope.tsx), so its first load does not download antd.
   */
  antdFree?: boolean;
  /** public | primary (default) | blank | geo-blocked: chosen by the app shell. */
  layout?: string;
}

export function pageFlagsOf(Component: unknown): PageFlags {
  const c = (Component ?? {}) as Record<string, unknown>;
  return {
    authenticate: c.authenticate === true,
    onlyPerformer: c.onlyPerformer === true,
    onlyAdmin: c.onlyAdmin === true,
    duringMaintenance: c.duringMaintenance === true,
    noredirect: c.noredirect === true,
    antdFree: c.antdFree === true,
    layout: typeof c.layout === 'string' ? c.layout : undefined,
  };
}
