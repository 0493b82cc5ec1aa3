import type { FastifyInstance } from 'fastify';
import type { SessionItem } from '../../../common/contract/account-security';
import { sessionRoom } from '../../../common/contract/realtime';
import { notFound } from '../../lib/http-error';
import { deviceName } from './device-name';
import { sessionRepository } from './session.repository';

export type SessionsDeps = Pick<FastifyInstance, 'db' | 'io'>;

/**
 * Closes the open sockets of revoked sessions (after the commit): the rows are already revoked and
 * every request checks them, but a socket stays connected until told. Used by every path that
 * revokes sessions: signing a device out, a password change or reset, an undone email change.
 */
export function closeSessionSockets(io: FastifyInstance['io'], sessionIds: string[]) {
  if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

/** The caller's signed-in devices: list, sign one out, sign out all others. */
export function createSessionsService({ db, io }: SessionsDeps) {
  const endSockets = (sessionIds: string[]) => closeSessionSockets(io, sessionIds);

  return {
    async list(userId: string, currentSessionId: string): Promise<{ data: SessionItem[]; total: number }> {
      const rows = await sessionRepository.listLive(db, userId);
      const data = rows.map((r) => ({
        id: r.id,
        device: deviceName(r.userAgent),
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: (r.lastSeenAt ?? r.createdAt).toISOString(),
        current: r.id === currentSessionId,
      }));
      return { data, total: data.length };
    },

    /** Only the caller's own live sessions: any other id is a 404 and nothing changes. */
    async revoke(userId: string, sessionId: string) {
      if (!(await sessionRepository.revokeOwn(db, userId, sessionId))) throw notFound('Session not found');
      endSockets([sessionId]);
    },

    async revokeOthers(userId: string, currentSessionId: string) {
      const revoked = await sessionRepository.revokeOthers(db, userId, currentSessionId);
      endSockets(revoked);
      return revoked.length;
    },
  };
}
