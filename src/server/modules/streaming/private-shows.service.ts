import type { FastifyInstance } from 'fastify';
import {
  PRIVATE_SHOW_MAX_PRICE,
  PRIVATE_SHOW_MESSAGE_MAX,
  PRIVATE_SHOW_NOT_FOUND,
  PRIVATE_SHOWS_OFF_MESSAGE,
  type CreatePrivateShowBody,
  type PrivateShowListQuery,
  type PrivateShowOffer,
  type PrivateShowPage,
  type PrivateShowRequest,
  type PrivateShowSettings,
  type PrivateShowSettingsBody,
} from '../../../common/contract/private-shows';
import { NOT_AVAILABLE_MESSAGE } from '../../../common/contract/social';
import { fromCents, hasAtMostTwoDecimals, toCents } from '../../../common/lib/money';
import type { Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/http-error';
import { requireUuid } from '../../shared/ids';
import { blockingRepository } from '../blocking/blocking.repository';
import type { Viewer } from '../blocking/viewer';
import { notifyWalletBalances } from '../ledger/balance-events';
import { cleanMessageText } from '../messaging/message-text';
import { toParty } from '../messaging/messaging.dto';
import { messagingRepository } from '../messaging/messaging.repository';
import { readPayableRule, requirePayableCreator } from '../performers/payable-creator';
import { liveEnabled, requireLive } from './live-switch';
import { refundPrivateShow } from './private-show-money';
import { privateShowsRepository, type PrivateShowRow, type PrivateShowWithParties } from './private-shows.repository';
import type { StreamEvents } from './stream-events';
import { toStream } from './streaming.dto';
import { streamingRepository } from './streaming.repository';

type SignedIn = Viewer & { userId: string };

const PERFORMER_NOT_FOUND = 'Performer not found';
const LIVE_ALREADY = 'End your live stream before starting a private show';

export function toPrivateShow(app: FastifyInstance, { request, fan, performer }: PrivateShowWithParties): PrivateShowRequest {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    _id: request.id,
    conversationId: request.conversationId,
    fanId: request.fanId,
    fan: toParty(app, fan),
    performerId: request.performerId,
    performer: toParty(app, performer),
    status: request.status,
    price: fromCents(request.priceCents),
    message: request.message,
    streamId: request.streamId,
    isPaid: !!request.saleTransactionId && !request.refundTransactionId,
    isRefunded: !!request.refundTransactionId,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    decidedAt: iso(request.decidedAt),
    startedAt: iso(request.startedAt),
    endedAt: iso(request.endedAt),
  };
}

/** The price in cents as stored (null: off): positive, at most the maximum, two decimals (400 otherwise). */
function priceCents(body: PrivateShowSettingsBody): number | null {
  if (!body.enabled) return null;
  const { price } = body;
  if (price === undefined || !(price > 0 && price <= PRIVATE_SHOW_MAX_PRICE)) {
    const message = `Price must be more than 0 and at most ${PRIVATE_SHOW_MAX_PRICE} tokens`;
    throw badRequest(message, [{ field: 'price', message }]);
  }
  if (!hasAtMostTwoDecimals(price)) {
    throw badRequest('Price must have at most two decimals', [{ field: 'price', message: 'Price must have at most two decimals' }]);
  }
  return toCents(price);
}

const settingsOf = (cents: number | null): PrivateShowSettings => ({ enabled: cents !== null, price: cents === null ? null : fromCents(cents) });

function requestMessage(raw: string | undefined): string {
  const text = cleanMessageText(raw);
  if (text.length > PRIVATE_SHOW_MESSAGE_MAX) {
    const message = `Message must be at most ${PRIVATE_SHOW_MESSAGE_MAX} characters`;
    throw badRequest(message, [{ field: 'message', message }]);
  }
  return text;
}

/**
 * Private shows (contract `privateShowRoutes`, README "Private shows"). The request lives in the
 * fan's conversation with the creator; accepting opens a private stream (`streams.private_viewer_id`)
 * whose ticket, at the request's price, is the payment (`POST /wallet/charges/stream/:id`). The
 * show starts when the fan, ticket paid, takes the video token; ending or cancelling before that
 * refunds the ticket. Every change is pushed to both parties (`private_show_updated`).
 */
export function createPrivateShowsService(app: FastifyInstance, events: StreamEvents) {
  async function present(db: Executor, id: string): Promise<PrivateShowRequest> {
    const row = await privateShowsRepository.byId(db, id);
    if (!row) throw notFound(PRIVATE_SHOW_NOT_FOUND);
    return toPrivateShow(app, row);
  }

  /** After the commit: both parties hear of it, and the stream's room of a stream that ended. */
  async function announce(id: string, endedStreamId?: string | null): Promise<PrivateShowRequest> {
    const request = await present(app.db, id);
    events.privateShowUpdated(request);
    if (endedStreamId) {
      const stream = await streamingRepository.byIdAnyCreator(app.db, endedStreamId);
      if (stream) events.updated(toStream(app, stream));
    }
    return request;
  }

  /** The request locked, if the user is its creator (`side: 'performer'`) or either party; anyone else gets the same 404 as an unknown id. */
  async function lockOwn(tx: Executor, id: string, userId: string, side: 'performer' | 'either'): Promise<PrivateShowRow> {
    const row = await privateShowsRepository.lock(tx, id);
    const mine = row && (row.performerId === userId || (side === 'either' && row.fanId === userId));
    if (!row || !mine) throw notFound(PRIVATE_SHOW_NOT_FOUND);
    return row;
  }

  /**
   * Closes an accepted show that has not started (the creator or fan cancelled, or the creator
   * ended the private stream): the stream ends, a paid ticket is refunded. Inside the caller's
   * transaction, the request row locked. Answers the wallet balances to push.
   */
  async function closeBeforeStart(tx: Executor, row: PrivateShowRow): Promise<Map<string, number> | null> {
    if (row.streamId) await streamingRepository.end(tx, row.streamId);
    if (row.saleTransactionId && !row.refundTransactionId) {
      const refund = await refundPrivateShow(tx, row);
      await privateShowsRepository.update(tx, row.id, { status: 'refunded', refundTransactionId: refund.id, endedAt: new Date() });
      return refund.balances;
    }
    await privateShowsRepository.update(tx, row.id, { status: 'cancelled', endedAt: new Date() });
    return null;
  }

  return {
    async settings(userId: string): Promise<PrivateShowSettings> {
      return settingsOf(await privateShowsRepository.price(app.db, userId));
    },

    async updateSettings(userId: string, body: PrivateShowSettingsBody): Promise<PrivateShowSettings> {
      return settingsOf(await privateShowsRepository.savePrice(app.db, userId, priceCents(body)));
    },

    async offer(viewer: Viewer, performerIdParam: string): Promise<PrivateShowOffer> {
      const performerId = requireUuid(performerIdParam);
      const user = await messagingRepository.findUser(app.db, performerId);
      if (!user || user.role !== 'performer' || user.status !== 'active') throw notFound(PERFORMER_NOT_FOUND);
      if (await blockingRepository.isBlocked(app.db, performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      const [cents, enabled, open] = await Promise.all([
        privateShowsRepository.price(app.db, performerId),
        liveEnabled(app),
        viewer.userId ? privateShowsRepository.open(app.db, viewer.userId, performerId) : null,
      ]);
      return {
        performerId,
        enabled: enabled && cents !== null,
        price: cents === null ? null : fromCents(cents),
        openRequest: open ? toPrivateShow(app, open) : null,
      };
    },

    async list(viewer: SignedIn, query: PrivateShowListQuery): Promise<PrivateShowPage> {
      const { rows, total } = await privateShowsRepository.list(app.db, viewer.userId, {
        status: query.status,
        conversationId: query.conversationId?.toLowerCase(),
        offset: query.offset ?? 0,
        limit: query.limit ?? 10,
      });
      return { data: rows.map((r) => toPrivateShow(app, r)), total };
    },

    /**
     * Checks first, so a refused request writes nothing: live on, the creator exists, sees the fan,
     * takes requests and may be paid, and the fan has no open request with them. Then the
     * conversation (messaging's own rule of who may write, which also refuses blocks) and the row.
     */
    async create(viewer: SignedIn, body: CreatePrivateShowBody): Promise<PrivateShowRequest> {
      const performerId = requireUuid(body.performerId, 'performerId');
      const message = requestMessage(body.message);
      await requireLive(app);
      const user = await messagingRepository.findUser(app.db, performerId);
      if (!user || user.role !== 'performer' || user.status !== 'active') throw notFound(PERFORMER_NOT_FOUND);
      if (await blockingRepository.isBlocked(app.db, performerId, viewer)) throw forbidden(NOT_AVAILABLE_MESSAGE);
      const cents = await privateShowsRepository.price(app.db, performerId);
      if (cents === null) throw unprocessable(PRIVATE_SHOWS_OFF_MESSAGE);
      const rule = await readPayableRule(app.settings);
      await app.db.transaction((tx) => requirePayableCreator(tx, performerId, rule, PERFORMER_NOT_FOUND));
      const already = 'You already have an open private show request with this creator';
      if (await privateShowsRepository.open(app.db, viewer.userId, performerId)) throw conflict(already);
      const conversation = await app.messaging.openConversation(viewer, performerId);
      const row = await app.db.transaction(async (tx) => {
        await requirePayableCreator(tx, performerId, rule, PERFORMER_NOT_FOUND);
        return privateShowsRepository.insert(tx, { fanId: viewer.userId, performerId, conversationId: conversation._id, priceCents: cents, message });
      });
      if (!row) throw conflict(already);
      return announce(row.id);
    },

    /**
     * Opens the private stream (ticket = the request's price, only the fan may see it) in the
     * transaction that marks the request accepted. A creator live in public must end that first
     * (one running stream per creator, the partial unique index's rule).
     */
    async accept(userId: string, idParam: string): Promise<PrivateShowRequest> {
      const id = requireUuid(idParam);
      await requireLive(app);
      const streamId = await app.db.transaction(async (tx) => {
        const row = await lockOwn(tx, id, userId, 'performer');
        if (row.status !== 'pending') throw conflict(`This request is ${row.status}`);
        const fan = await messagingRepository.findUser(tx, row.fanId);
        if (!fan || fan.status !== 'active') throw unprocessable('This fan\'s account is no longer available');
        if (await streamingRepository.ownRunning(tx, userId)) throw conflict(LIVE_ALREADY);
        const stream = await streamingRepository.create(tx, {
          performerId: userId,
          title: `Private show with ${fan.name || fan.username || 'a fan'}`.slice(0, 100),
          description: '',
          access: 'sale',
          priceCents: row.priceCents,
          privateViewerId: row.fanId,
        });
        await privateShowsRepository.update(tx, row.id, { status: 'accepted', streamId: stream.id, decidedAt: new Date() });
        return stream.id;
      }).catch((err: unknown) => {
        // Two "accept" or "go live" at once: the one-running-stream index refuses the second.
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') throw conflict(LIVE_ALREADY);
        throw err;
      });
      const request = await announce(id);
      const stream = await streamingRepository.byIdAnyCreator(app.db, streamId);
      if (stream) events.updated(toStream(app, stream));
      return request;
    },

    async decline(userId: string, idParam: string): Promise<PrivateShowRequest> {
      const id = requireUuid(idParam);
      await app.db.transaction(async (tx) => {
        const row = await lockOwn(tx, id, userId, 'performer');
        if (row.status !== 'pending') throw conflict(`This request is ${row.status}`);
        await privateShowsRepository.update(tx, row.id, { status: 'declined', decidedAt: new Date() });
      });
      return announce(id);
    },

    /** Either party, before the show started; an accepted show's stream ends and a paid ticket is refunded. */
    async cancel(viewer: SignedIn, idParam: string): Promise<PrivateShowRequest> {
      const id = requireUuid(idParam);
      const { balances, streamId } = await app.db.transaction(async (tx) => {
        const row = await lockOwn(tx, id, viewer.userId, 'either');
        if (row.status === 'pending') {
          await privateShowsRepository.update(tx, row.id, { status: 'cancelled', endedAt: new Date() });
          return { balances: null, streamId: null };
        }
        if (row.status === 'started') throw conflict('The show has started: the creator ends it from the live page');
        if (row.status !== 'accepted') throw conflict(`This request is ${row.status}`);
        return { balances: await closeBeforeStart(tx, row), streamId: row.streamId };
      });
      if (balances) notifyWalletBalances(app, balances);
      return announce(id, streamId);
    },

    /**
     * The fan took the video token of their paid private show: it has started (no refund from
     * now on). A no-op for any other stream or viewer, and after the first time.
     */
    async watched(streamId: string, userId: string): Promise<void> {
      const id = await app.db.transaction(async (tx) => {
        const row = await privateShowsRepository.lockByStream(tx, streamId);
        if (!row || row.fanId !== userId || row.status !== 'accepted' || !row.saleTransactionId || row.refundTransactionId) return null;
        await privateShowsRepository.update(tx, row.id, { status: 'started', startedAt: new Date() });
        return row.id;
      });
      if (id) await announce(id);
    },

    /** The private stream ended (the creator, or the job for a silent one): before the start it is a refund, after it the end. */
    async streamEnded(streamId: string): Promise<void> {
      const result = await app.db.transaction(async (tx) => {
        const row = await privateShowsRepository.lockByStream(tx, streamId);
        if (!row) return null;
        if (row.status === 'started') {
          await streamingRepository.end(tx, streamId);
          await privateShowsRepository.update(tx, row.id, { status: 'ended', endedAt: new Date() });
          return { id: row.id, balances: null };
        }
        if (row.status !== 'accepted') return null;
        return { id: row.id, balances: await closeBeforeStart(tx, row) };
      });
      if (!result) return;
      if (result.balances) notifyWalletBalances(app, result.balances);
      await announce(result.id);
    },
  };
}
export type PrivateShowsService = ReturnType<typeof createPrivateShowsService>;
