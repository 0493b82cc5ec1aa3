/**
 * The terms of service a new account accepts (issue 15). Sign-up stores this version with the
 * time of acceptance (`users.terms_version`, `terms_accepted_at`); when the terms page changes in
 * a way people must agree to again, raise the version here.
 */
export const TERMS_VERSION = '2026-11';

/** Where the sign-up forms link to: the operator's static page with this slug (seeded as a demo page). */
export const TERMS_PAGE_PATH = '/page/terms-of-service';
