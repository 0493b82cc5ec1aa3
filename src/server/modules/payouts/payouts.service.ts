import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PAYOUT_METHOD_LABELS, type CreatePayoutBody, type PayoutCalculation, type PayoutMethod, type PayoutRequest,
  type PayoutSearchQuery, type AdminPayoutSearchQuery, type PendingReview, type UpdatePayoutBody,
} from '../../../common/contract/payouts';
import { amountText, fromCents, hasAtMostTwoDecimals, toCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import { earningsOf, InsufficientFunds, ledgerRepository } from '../ledger/ledger.repository';
import { payoutReservePosting, payoutSettlePosting } from '../ledger/postings';
import { toUserPublic } from '../users/user-public.dto';
import { createPayoutSender } from './payout-sender';
import { payoutsRepository, type PayoutRow, type UserRow } from './payouts.repository';
import { isUuid } from '../../shared/ids';
import type { AuditActor } from '../audit/audit.service';
import { isPayableCreator, readPayableRule, requirePayableCreator } from '../performers/payable-creator';

const NOT_FOUND = 'Payout request not found';
const PENDING_EXISTS = 'You already have a payout request waiting for review';
const STATUS_WORDS = { paid: 'paid out', rejected: 'rejected', cancelled: 'cancelled', pending: 'pending' } as const;
/** What the payout form says while the payable-creator check would refuse the request. */
export const NOT_PAYABLE_REASON = 'Your identity documents must be approved before you can ask for a payout';

const METHOD_MISSING: Record<PayoutMethod, string> = {
  banking: 'Add your bank account in Banking settings before asking for a bank transfer',
  paypal: 'Add your PayPal email in payout settings before asking for a PayPal payout',
  stripe: 'Connect a Stripe payout account before asking for a Stripe payout',
  sandbox: 'Connect a sandbox payout account before asking for a sandbox payout',
};

/** Cents of a person's amount: 400 for anything but a positive number with at most two decimals. */
function amountCentsOf(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) throw badRequest('Amount must be a positive number of tokens', [{ field: 'amount', message: 'Must be positive' }]);
  if (!hasAtMostTwoDecimals(amount)) throw badRequest('Amount can have at most two decimals', [{ field: 'amount', message: 'At most two decimals' }]);
  return toCents(amount);
}

const atMost = (cents: number) => unprocessable(`You can request at most ${amountText(Math.max(0, cents))} tokens`, [{ field: 'amount', message: 'More than available' }]);
const noteOf = (note: string | undefined) => (note ?? '').trim();
const notPending = (row: PayoutRow) => conflict(`This payout request is already ${STATUS_WORDS[row.status]}`);

/** Payout requests (DESIGN.md section 4): earnings → reserve on request; paid out or back on decision. */
export function createPayoutsService(app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'settings' | 'payments' | 'audit' | 'notifications'>) {
  const sendPayout = createPayoutSender(app);
  const { db } = app;
  const urls = { storage: app.storage, webOrigin: app.config.webOrigin };

  const toDto = (row: PayoutRow, performer: UserRow | null = null): PayoutRequest => ({
    _id: row.id,
    performerId: row.performerId,
    performer: performer ? toUserPublic(urls, performer) : null,
    amount: fromCents(row.amountCents),
    method: row.method,
    status: row.status,
    requestNote: row.requestNote,
    adminNote: row.adminNote,
    gatewayTransferId: row.gatewayTransferId,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const minimumCents = async () => toCents(await app.settings.get('minimumPayoutAmount'));
  const checkMinimum = (cents: number, minimum: number) => {
    if (cents < minimum) throw unprocessable(`The minimum payout is ${amountText(minimum)} tokens`, [{ field: 'amount', message: 'Below the minimum' }]);
  };
  async function checkMethod(tx: Executor, performerId: string, method: PayoutMethod) {
    const methods = await payoutsRepository.methodsOf(tx, performerId);
    if (!methods.includes(method)) throw unprocessable(METHOD_MISSING[method], [{ field: 'method', message: `${PAYOUT_METHOD_LABELS[method]} is not set up` }]);
  }

  /** Sets `cents` more aside (or returns `-cents` when negative) for a pending request. */
  async function moveReserve(tx: Executor, row: { id: string; performerId: string }, cents: number, label: string) {
    if (cents > 0) {
      try {
        return await ledgerRepository.post(tx, { ...payoutReservePosting(row.performerId, cents, row.id), description: label });
      } catch (err) {
        if (err instanceof InsufficientFunds && err.account.kind === 'earnings') {
          throw Object.assign(err, { requestedCents: cents });
        }
        throw err;
      }
    }
    return ledgerRepository.post(tx, { ...payoutSettlePosting(row.performerId, -cents, row.id, 'payout_cancelled'), description: label });
  }

  async function own(performerId: string, id: string) {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const found = await payoutsRepository.findById(db, id);
    if (!found || found.request.performerId !== performerId) throw notFound(NOT_FOUND);
    return found;
  }

  /**
   * Closes a pending request as an operator: one conditional update decides who wins a race. The
   * decision is an operator write: its audit row ('payout.approve' / 'payout.reject') is written in
   * the same transaction, so a refused transfer leaves neither.
   */
  async function decide(actor: AuditActor, id: string, outcome: 'paid' | 'rejected', adminNote: string): Promise<PayoutRequest> {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const rate = await app.settings.get('tokenConversionRate');
    const row = await db.transaction(async (tx) => {
      const closed = await payoutsRepository.closePending(tx, id, outcome, adminNote);
      if (!closed) {
        const found = await payoutsRepository.findById(tx, id);
        if (!found) throw notFound(NOT_FOUND);
        throw notPending(found.request);
      }
      const posting = await ledgerRepository.post(
        tx, payoutSettlePosting(closed.performerId, closed.amountCents, closed.id, outcome === 'paid' ? 'payout_paid' : 'payout_rejected'),
      );
      const sent = outcome === 'paid'
        ? await sendPayout(tx, { requestId: closed.id, performerId: closed.performerId, amountCents: closed.amountCents, method: closed.method }, rate)
        : { transferId: null };
      const settled = await payoutsRepository.setSettlement(tx, closed.id, posting.id, sent.transferId);
      await app.audit.record(tx, actor, {
        action: outcome === 'paid' ? 'payout.approve' : 'payout.reject',
        targetType: 'payout_request',
        targetId: closed.id,
        before: { status: 'pending', amount: fromCents(closed.amountCents), method: closed.method },
        after: { status: settled.status, adminNote, gatewayTransferId: settled.gatewayTransferId, settleTransactionId: posting.id },
      });
      await app.notifications.notify(tx, {
        userId: closed.performerId, kind: 'payout_decided', link: '/creator/payout-request',
        data: { status: outcome === 'paid' ? 'approved' : 'rejected', amount: fromCents(closed.amountCents), ...(outcome === 'rejected' ? { reason: adminNote } : {}) },
      });
      return settled;
    });
    const found = await payoutsRepository.findById(db, row.id);
    return toDto(row, found?.performer ?? null);
  }

  return {
    async calculate(performerId: string): Promise<PayoutCalculation> {
      const [minimum, rule] = await Promise.all([minimumCents(), readPayableRule(app.settings)]);
      const { available, pending, methods, payable } = await db.transaction(async (tx) => ({
        available: await ledgerRepository.balance(tx, earningsOf(performerId)),
        pending: await payoutsRepository.findPendingOf(tx, performerId),
        methods: await payoutsRepository.methodsOf(tx, performerId),
        payable: await isPayableCreator(tx, performerId, rule),
      }));
      const reason = pending
        ? PENDING_EXISTS
        : !payable
          ? NOT_PAYABLE_REASON
          : available < minimum
          ? `You need at least ${amountText(minimum)} tokens of available earnings to ask for a payout`
          : !methods.length
            ? 'Set up how you want to be paid (bank account or PayPal) before asking for a payout'
            : undefined;
      return {
        available: fromCents(available),
        minimum: fromCents(minimum),
        canRequest: !reason,
        ...(reason ? { reason } : {}),
        methods,
        ...(pending ? { pendingRequest: toDto(pending) } : {}),
      };
    },

    /**
     * Order of checks: the amount's shape (400), the minimum (422), the payable-creator check (an
     * unverified creator gets the 422 'This creator is not verified yet'), a pending request (409),
     * what is available (422), the method (422). The reserve posting is the real guard: its conditional
     * debit refuses to take earnings below zero, and the partial unique index refuses a second
     * pending row, so concurrent requests can neither over-reserve nor both stay pending.
     */
    async create(performerId: string, body: CreatePayoutBody): Promise<PayoutRequest> {
      const cents = amountCentsOf(body.amount);
      const [minimum, rule] = await Promise.all([minimumCents(), readPayableRule(app.settings)]);
      checkMinimum(cents, minimum);
      try {
        const row = await db.transaction(async (tx) => {
          await requirePayableCreator(tx, performerId, rule);
          if (await payoutsRepository.findPendingOf(tx, performerId)) throw conflict(PENDING_EXISTS);
          const available = await ledgerRepository.balance(tx, earningsOf(performerId));
          if (cents > available) throw atMost(available);
          await checkMethod(tx, performerId, body.method);
          const id = crypto.randomUUID();
          const reserve = await moveReserve(tx, { id, performerId }, cents, 'Payout requested');
          const inserted = await payoutsRepository.insertPending(tx, {
            id, performerId, amountCents: cents, method: body.method, requestNote: noteOf(body.note), reserveTransactionId: reserve.id,
          });
          if (!inserted) throw conflict(PENDING_EXISTS);
          return inserted;
        });
        return toDto(row);
      } catch (err) {
        if (err instanceof InsufficientFunds) {
          // A concurrent request took the earnings first: say which rule the caller now meets.
          if (await payoutsRepository.findPendingOf(db, performerId)) throw conflict(PENDING_EXISTS);
          throw atMost(await ledgerRepository.balance(db, earningsOf(performerId)));
        }
        throw err;
      }
    },

    /** A new amount moves only the difference (a new posting each time; old entries are never edited). */
    async update(performerId: string, id: string, body: UpdatePayoutBody): Promise<PayoutRequest> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const changes = body.amount !== undefined || body.method !== undefined || body.note !== undefined;
      if (body.status === 'cancelled' && changes) throw badRequest('Cancel a request on its own, without other changes');
      if (body.status !== 'cancelled' && !changes) throw badRequest('Nothing to change: send amount, method, note or status');
      const cents = body.amount !== undefined ? amountCentsOf(body.amount) : undefined;
      const minimum = await minimumCents();
      if (cents !== undefined) checkMinimum(cents, minimum);
      let availableForMessage = 0;
      try {
        const row = await db.transaction(async (tx) => {
          const current = await payoutsRepository.lockOwn(tx, id, performerId);
          if (!current) throw notFound(NOT_FOUND);
          if (current.status !== 'pending') throw notPending(current);
          if (body.status === 'cancelled') {
            const closed = (await payoutsRepository.closePending(tx, id, 'cancelled'))!;
            const posting = await ledgerRepository.post(tx, payoutSettlePosting(performerId, closed.amountCents, id, 'payout_cancelled'));
            return payoutsRepository.setSettlement(tx, id, posting.id, null);
          }
          const method = body.method ?? current.method;
          if (body.method !== undefined && body.method !== current.method) await checkMethod(tx, performerId, method);
          const amountCents = cents ?? current.amountCents;
          const delta = amountCents - current.amountCents;
          if (delta > 0) {
            const available = await ledgerRepository.balance(tx, earningsOf(performerId));
            availableForMessage = available + current.amountCents;
            if (delta > available) throw atMost(availableForMessage);
          }
          if (delta !== 0) await moveReserve(tx, current, delta, delta > 0 ? 'Payout request raised' : 'Payout request lowered');
          return payoutsRepository.updatePending(tx, id, {
            amountCents, method, requestNote: body.note !== undefined ? noteOf(body.note) : current.requestNote,
          });
        });
        return toDto(row);
      } catch (err) {
        if (err instanceof InsufficientFunds) throw atMost(availableForMessage);
        throw err;
      }
    },

    async search(performerId: string, query: PayoutSearchQuery) {
      const { rows, total } = await payoutsRepository.list(db, { performerId, status: query.status }, query.sort ?? 'desc', { offset: query.offset ?? 0, limit: query.limit ?? 10 });
      return { data: rows.map((r) => toDto(r.request, r.performer)), total };
    },

    async adminSearch(query: AdminPayoutSearchQuery) {
      const { rows, total } = await payoutsRepository.list(
        db, { performerId: query.performerId, status: query.status }, query.sort ?? 'desc', { offset: query.offset ?? 0, limit: query.limit ?? 10 },
      );
      return { data: rows.map((r) => toDto(r.request, r.performer)), total };
    },

    async view(viewer: { id: string; role: string }, id: string): Promise<PayoutRequest> {
      if (viewer.role === 'admin') {
        const found = isUuid(id) ? await payoutsRepository.findById(db, id) : null;
        if (!found) throw notFound(NOT_FOUND);
        return toDto(found.request, found.performer);
      }
      const found = await own(viewer.id, id);
      return toDto(found.request, found.performer);
    },

    async pendingReview(performerId: string): Promise<PendingReview> {
      const pending = await payoutsRepository.findPendingOf(db, performerId);
      return pending ? { pending: true, request: toDto(pending) } : { pending: false };
    },

    approve: (actor: AuditActor, id: string, note: string | undefined) => decide(actor, id, 'paid', noteOf(note)),

    async reject(actor: AuditActor, id: string, note: string): Promise<PayoutRequest> {
      const text = noteOf(note);
      if (!text) throw badRequest('Give the creator a reason for the rejection', [{ field: 'note', message: 'Required' }]);
      return decide(actor, id, 'rejected', text);
    },
  };
}
