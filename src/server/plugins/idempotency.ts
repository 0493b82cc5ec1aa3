import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyRepository as keys } from './idempotency.repository';
import { badRequest, conflict } from '../lib/http-error';

/** How long a claimed key may stay unanswered before it counts as abandoned (a crashed request). */
const ABANDONED_AFTER_MS = 60_000;
/** How long a repeat waits for the first request with its key to answer. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 25;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request claimed an `Idempotency-Key`; its answer is stored on send. */
    idempotencyClaim?: { userId: string; key: string };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fingerprintOf = (request: FastifyRequest) =>
  crypto.createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');

/**
 * `Idempotency-Key` for money-moving routes (DESIGN.md section 3). The first request with a key
 * claims a row; a repeat with the same method, URL and body waits for that first answer and gets
 * it back (status and body, header `Idempotent-Replayed: true`), so nothing runs twice; the same
 * key with another request is a 409. 5xx answers are not kept, so a retry after one runs again.
 * Keys are per user; a request without the header is not deduplicated.
 */
export function idempotencyHooks(app: FastifyInstance) {
  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.user) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
    const userId = request.user.id;
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await keys.claim(app.db, userId, key, fingerprint)) {
        request.idempotencyClaim = { userId, key };
        return;
      }
      const existing = await keys.find(app.db, userId, key);
      if (!existing) continue; // released (a 5xx) between our insert and select: claim it again
      if (existing.fingerprint !== fingerprint) throw conflict('This Idempotency-Key was already used for a different request');
      if (existing.statusCode !== null) {
        return reply
          .code(existing.statusCode)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(existing.body ?? '');
      }
      if (Date.now() - existing.createdAt.getTime() > ABANDONED_AFTER_MS) {
        await keys.releaseAbandoned(app.db, userId, key, new Date(Date.now() - ABANDONED_AFTER_MS));
        continue;
      }
      if (Date.now() > deadline) throw conflict('A request with this Idempotency-Key is still being processed; try again shortly');
      await sleep(POLL_MS);
    }
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    if (reply.statusCode >= 500) await keys.release(app.db, claim.userId, claim.key);
    else await keys.answer(app.db, claim.userId, claim.key, reply.statusCode, typeof payload === 'string' ? payload : '');
    return payload;
  }

  return { preHandler, onSend };
}

/** Keys are kept a day: long enough for any client retry, short enough to keep the table small. */
const KEEP_KEYS_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: ReturnType<typeof idempotencyHooks>;
  }
}

export default fp(async function idempotency(app: FastifyInstance) {
  app.decorate('idempotency', idempotencyHooks(app));
  const sweep = () =>
    keys.deleteOlderThan(app.db, new Date(Date.now() - KEEP_KEYS_MS)).catch((err: unknown) => {
      app.log.warn({ err }, 'idempotency key sweep failed');
    });
  const timer = setInterval(() => void sweep(), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
