/**
 * Usernames that would collide with a page route (`/{profileId}` sits at the root) or pose as the
 * site. Compared lower-cased; registration, profile edits and social sign-in refuse them.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'api', 'auth', 'home', 'user', 'users', 'creator', 'creators', 'performer', 'performers',
  'page', 'pages', 'post', 'posts', 'video', 'videos', 'gallery', 'galleries', 'product', 'products', 'store',
  'messages', 'message', 'wallet', 'payment', 'payments', 'settings', 'search', 'explore', 'live', 'stream',
  'streaming', 'files', 'flags', 'docs', 'static', '_next', 'contact', 'about', 'terms', 'privacy', 'help',
  'support', 'login', 'logout', 'register', 'signup', 'signin', 'null', 'undefined', 'root', 'system',
  'moderator', 'staff', 'official', 'model', 'models', 'favicon.ico', 'robots.txt', 'sitemap.xml',
]);

export const isReservedUsername = (username: string): boolean => RESERVED_USERNAMES.has(username.toLowerCase());
