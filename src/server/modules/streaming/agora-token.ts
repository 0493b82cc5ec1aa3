import crypto from 'node:crypto';
import { RtcRole, RtcTokenBuilder } from 'agora-token';
import { AGORA_TOKEN_TTL_SECONDS, type AgoraToken } from '../../../common/contract/streaming';
import { unprocessable } from '../../lib/http-error';

/**
 * The Agora uid of an account: a stable unsigned 32-bit number from a hash of the user id, never
 * 0 (Agora's "assign one for me"). `avoid` is the creator's uid, so a viewer whose hash happens to
 * collide with it still gets a different one (two publishers of one uid would kick each other).
 */
export function agoraUid(userId: string, avoid?: number): number {
  const uid = crypto.createHash('sha256').update(userId).digest().readUInt32BE(0) || 1;
  return uid === avoid ? (uid ^ 1) || 2 : uid;
}

/** An RTC token signed offline with the app certificate: publish rights for the creator, join-only for viewers. */
export function buildAgoraToken(
  credentials: { appId: string; certificate: string },
  channelName: string,
  uid: number,
  role: AgoraToken['role'],
  now = Date.now(),
): AgoraToken {
  const token = RtcTokenBuilder.buildTokenWithUid(
    credentials.appId,
    credentials.certificate,
    channelName,
    uid,
    role === 'publisher' ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER,
    AGORA_TOKEN_TTL_SECONDS,
    AGORA_TOKEN_TTL_SECONDS,
  );
  // The builder answers '' for an app id that is not Agora's 32 hex characters: the operator's setting is wrong.
  if (!token) throw unprocessable('The Agora app id of this site is not valid; ask the operator to check it');
  return {
    appId: credentials.appId,
    channelName,
    uid,
    token,
    role,
    expiresAt: new Date(now + AGORA_TOKEN_TTL_SECONDS * 1000).toISOString(),
  };
}
