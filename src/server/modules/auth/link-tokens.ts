import crypto from 'node:crypto';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { authTokenRepository, type AuthTokenKind } from './auth-token.repository';

const HOUR_MS = 3_600_000;
export const LINK_LIFETIME_MS: Record<AuthTokenKind, number> = {
  'reset-password': HOUR_MS,
  'verify-email': 7 * 24 * HOUR_MS,
  /** Mailed to the new address; the email changes only when it is opened. */
  'change-email': 24 * HOUR_MS,
  /** Mailed to the previous address once a change is confirmed: a week to notice and undo it. */
  'undo-email-change': 7 * 24 * HOUR_MS,
};
export const LINK_USED_MESSAGE = 'This link has expired or was already used';

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * One-time links for emails: 32 random bytes, base64url in the link, only the SHA-256 in the
 * database, so a leaked table cannot be turned into working links.
 */
export async function createLinkToken(db: Executor, userId: string, kind: AuthTokenKind, payload?: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await authTokenRepository.create(db, {
    userId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[kind]),
    payload: payload ?? null,
  });
  return token;
}

/**
 * The user and payload of a live link, marking it used; 400 when expired, used or unknown.
 * Older links of the same kind stop working too: the newest action wins.
 */
export async function consumeLink(db: Executor, token: string, kind: AuthTokenKind): Promise<{ userId: string; payload: string | null }> {
  const row = await authTokenRepository.consume(db, kind, sha256(token));
  if (!row) throw badRequest(LINK_USED_MESSAGE);
  await authTokenRepository.retireAll(db, row.userId, kind);
  return row;
}

/** The user a live link belongs to, marking it used; 400 when expired, used or unknown. */
export async function consumeLinkToken(db: Executor, token: string, kind: AuthTokenKind): Promise<string> {
  return (await consumeLink(db, token, kind)).userId;
}

export const retireLinkTokens = (db: Executor, userId: string, kind: AuthTokenKind) =>
  authTokenRepository.retireAll(db, userId, kind);
