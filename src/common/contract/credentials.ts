import { Type } from 'typebox';

/**
 * Sign-up consent (issue 15): the person confirms they are 18 or older and accepts the terms of
 * service; both must be `true` and are stored with the time and `TERMS_VERSION`.
 */
export const Consent = Type.Literal(true);

/** The consent an existing account gives later: made through social sign-in, or the terms changed. */
export const ConsentBody = Type.Object({ ageConfirmed: Consent, termsAccepted: Consent }, { additionalProperties: false });

export const TWO_FACTOR_CODE_MAX = 32;
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`; case, spaces and dashes ignored). */
export const TwoFactorCode = Type.String({ minLength: 6, maxLength: TWO_FACTOR_CODE_MAX });

/**
 * The account's current password, proving the caller is its owner and not only the holder of its
 * token. Required (400 naming `currentPassword`) by every change of password or email and by
 * account deletion; accounts without a password (social sign-in) need a sign-in in the last 10
 * minutes instead.
 */
export const CurrentPassword = Type.String({ maxLength: 256, description: 'Required to change the password or the email' });

/**
 * The proof of ownership a credential change carries (`reauth.ts`): the current password, or a
 * fresh two-factor code (TOTP or recovery code) of an account with 2FA on.
 */
export const ReauthFields = {
  currentPassword: Type.Optional(CurrentPassword),
  twoFactorCode: Type.Optional(TwoFactorCode),
};
