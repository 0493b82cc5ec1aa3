import type { NextPage } from 'next';
import type { PageFlags } from '@/client/store/page-flags';

/** The layouts the app shell knows; a page picks one with its static `layout` flag. */
/**
 * `studio`: the creator studio for a signed-in creator, the primary layout for anyone else (a page
 * such as /messages serves fans too).
 */
export type LayoutName = 'public' | 'primary' | 'blank' | 'geoBlocked' | 'admin' | 'studio';

/**
 * A page with the static flags of spec 2, read by _app (page loading and guards) and the app
 * shell (layout): `Page.authenticate = true; Page.layout = 'public';`.
 */
export type AppPage<P = object, IP = P> = NextPage<P, IP> & Omit<PageFlags, 'layout'> & { layout?: LayoutName };
