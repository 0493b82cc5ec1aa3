/**
 * The token an emailed link carries (password reset, email verification, email change and its
 * undo): the API's schema for it and the pages' check are the same numbers, so a link cut short
 * in a mail client shows the page's "incomplete link" screen instead of the API's schema message.
 */
export const LINK_TOKEN_LENGTH = { minLength: 10, maxLength: 200 } as const;

export function isLinkToken(token: string | undefined): token is string {
  return typeof token === 'string' && token.length >= LINK_TOKEN_LENGTH.minLength && token.length <= LINK_TOKEN_LENGTH.maxLength;
}
