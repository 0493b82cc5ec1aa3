import type { FastifyInstance } from 'fastify';
import type { CreatorVerification, CreatorVerificationQuery } from '../../../common/contract/admin-verification';
import { NOT_WAITING_MESSAGE, VERIFICATION_REASON_MAX } from '../../../common/constants/verification';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../shared/ids';
import { stripControl } from '../../shared/text';
import type { AuditActor } from '../audit/audit.service';
import { creatorVerificationRepository as repo } from './creator-verification.repository';
import { toCreatorVerification } from './creator-verification.dto';

const NOT_FOUND = 'Creator not found';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'audit' | 'media' | 'notifications'>;

/** The rejection reason as stored and mailed: plain text, 1..500 characters after trimming (400 naming `reason`). */
function cleanReason(reason: string): string {
  const text = stripControl(reason, { keepLines: true }).trim();
  if (!text) throw badRequest('Give the creator a reason', [{ field: 'reason', message: 'Give the creator a reason' }]);
  if (text.length > VERIFICATION_REASON_MAX) {
    const message = `The reason is longer than ${VERIFICATION_REASON_MAX} characters`;
    throw badRequest(message, [{ field: 'reason', message }]);
  }
  return text;
}

/**
 * Operators' review of creators' identity documents (issue 13): the queue, approve, reject. A
 * decision is one transaction (the creator's row locked, status, note, reviewer, the audit row and
 * the creator's `verification_decided` notification, which is also the email: mailed after the
 * commit through that kind's email channel, in the background, so one decision makes one mail).
 */
export function createCreatorVerificationService(app: Deps) {
  const ctx = { storage: app.storage, webOrigin: app.config.webOrigin, signer: app.media.privateSigner };

  async function item(performerId: string): Promise<CreatorVerification> {
    const row = await repo.find(app.db, performerId);
    if (!row) throw notFound(NOT_FOUND);
    return toCreatorVerification(ctx, row);
  }

  async function decide(actor: AuditActor, id: string, outcome: 'approved' | 'rejected', reason: string | null) {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const performerId = id.toLowerCase();
    await app.db.transaction(async (tx) => {
      const found = await repo.lockForDecision(tx, performerId);
      if (!found) throw notFound(NOT_FOUND);
      const before = found.performer;
      if (before.verificationStatus !== 'pending') throw conflict(NOT_WAITING_MESSAGE);
      await repo.decide(tx, performerId, { status: outcome, note: reason, reviewerId: actor.id });
      await app.audit.record(tx, actor, {
        action: outcome === 'approved' ? 'creator.approve' : 'creator.reject',
        targetType: 'user',
        targetId: performerId,
        before: { verificationStatus: before.verificationStatus, verificationNote: before.verificationNote },
        after: { verificationStatus: outcome, verificationNote: reason },
      });
      // The creator's only message about it: in the app, and mailed unless they switched that email off.
      await app.notifications.notify(tx, {
        userId: performerId,
        kind: 'verification_decided',
        link: outcome === 'rejected' ? '/creator/account?tab=documents' : found.user.username ? `/${found.user.username}` : '/creator/account',
        data: { status: outcome, ...(reason ? { reason } : {}) },
      });
    });
    return item(performerId);
  }

  return {
    async list(query: CreatorVerificationQuery) {
      const { rows, total } = await repo.list(app.db, query.status ?? 'pending', { offset: query.offset ?? 0, limit: query.limit ?? 10 });
      return { data: rows.map((row) => toCreatorVerification(ctx, row)), total };
    },

    /** Pending → approved: the creator can be paid and is listed (while the site requires verification). */
    approve: (actor: AuditActor, performerId: string) => decide(actor, performerId, 'approved', null),

    /** Pending → rejected with the reason the creator is mailed and sees on their account page. */
    reject: (actor: AuditActor, performerId: string, reason: string) => decide(actor, performerId, 'rejected', cleanReason(reason)),
  };
}
