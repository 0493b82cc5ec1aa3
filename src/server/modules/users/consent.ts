import { TERMS_VERSION } from '../../../common/constants/terms';
import type { UserRow } from './users.repository';

/** The consent columns: age 18+ confirmed and the current terms accepted, now (issue 15). */
export function signUpConsent(now = new Date()) {
  return { ageConfirmedAt: now, termsAcceptedAt: now, termsVersion: TERMS_VERSION };
}

/**
 * Whether the person must still confirm age 18+ and accept the current terms: accounts made through
 * social sign-in (no form to tick), and everyone once TERMS_VERSION is raised. Operators are staff,
 * bound by their contract rather than the site's terms.
 */
export const needsConsent = (user: Pick<UserRow, 'role' | 'ageConfirmedAt' | 'termsAcceptedAt' | 'termsVersion'>) =>
  user.role !== 'admin' && (!user.ageConfirmedAt || !user.termsAcceptedAt || user.termsVersion !== TERMS_VERSION);
