import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntry, AuditOperator, AuditQuery } from '../../../common/contract/audit';
import type { Database, Executor } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { auditRepository, type AuditRow } from './audit.repository';

/** One operator write, as the code that makes it describes it. */
export interface AuditRecord {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  /** The values the write changed, as they were and as they are; null when created or removed. */
  before?: unknown;
  after?: unknown;
}

/** Who did it and from where: the signed-in operator of the request. */
export interface AuditActor {
  id: string;
  username: string | null;
  ip: string | null;
}

export const actorOf = (request: FastifyRequest): AuditActor => {
  if (!request.user) throw new Error('An audited write needs a signed-in operator');
  return { id: request.user.id, username: request.user.username, ip: request.ip ?? null };
};

// JSON columns keep plain data: dates as ISO text, undefined dropped, nothing the driver cannot store.
const plain = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)) as unknown);

const toEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  actorId: row.actorId,
  actorUsername: row.actorUsername,
  action: row.action as AuditAction,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before,
  after: row.after,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

export function createAuditService(db: Database) {
  return {
    /**
     * Appends the row inside the caller's transaction (`tx`), so the write and its record commit
     * together or not at all. Every operator write calls this once.
     */
    async record(tx: Executor, actor: AuditActor | FastifyRequest, entry: AuditRecord): Promise<void> {
      const who = 'headers' in actor ? actorOf(actor) : actor;
      await auditRepository.append(tx, {
        actorId: who.id,
        actorUsername: who.username ?? '',
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        before: plain(entry.before),
        after: plain(entry.after),
        ip: who.ip,
      });
    },

    /** The operator filter's options, by username. */
    async operators(): Promise<AuditOperator[]> {
      const rows = await auditRepository.actors(db);
      return rows
        .map((r) => ({ _id: r.id, username: r.username ?? r.recorded, name: r.name ?? null }))
        .sort((a, b) => a.username.localeCompare(b.username) || a._id.localeCompare(b._id));
    },

    async list(query: AuditQuery) {
      const from = query.from ? new Date(query.from) : undefined;
      const to = query.to ? new Date(query.to) : undefined;
      if (from && to && from > to) throw badRequest('from must not be after to', [{ field: 'from', message: 'from must not be after to' }]);
      const { rows, total } = await auditRepository.list(
        db,
        { actorId: query.actorId?.toLowerCase(), action: query.action, targetType: query.targetType, targetId: query.targetId, from, to },
        { offset: query.offset ?? 0, limit: query.limit ?? 10 },
      );
      return { data: rows.map(toEntry), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
